/**
 * The winners on the big screen (issue 21): what the operator shows with /triviaGame/showWinners
 * (`server.winners`: the top N of the ranking without the disqualified), the first three on the
 * podium (second, first, third, as the ranking's podium), the others below in rank order. The
 * display leaves it for the ranking again when a ranking is published (a disqualification publishes
 * one), so a disqualified winner never stays on screen.
 */
import type { PlaySchemas } from '@/audience/api';
import { useT } from '@/audience/i18n';
import { Podium } from './podium';

export type Winners = PlaySchemas['EventWinners'];

export function WinnersPodium({ winners, levelGame }: { winners: Winners; levelGame: boolean }) {
  const t = useT();
  const list = winners.list;
  return (
    <section className="ranking-view final" data-testid="winners-podium">
      <h1>{t('winners.title')}</h1>
      {list.length === 0 ? (
        <p className="message">{t('ranking.empty')}</p>
      ) : (
        <Podium list={list} levelGame={levelGame} />
      )}
    </section>
  );
}
