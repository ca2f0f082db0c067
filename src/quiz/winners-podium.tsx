/**
 * The winners on the big screen (issue 21): what the operator shows with /triviaGame/showWinners
 * (`server.winners`: the top N of the ranking without the disqualified), the first three on the
 * podium (second, first, third, as the ranking's podium), the others below in rank order. The
 * display leaves it for the ranking again when a ranking is published (a disqualification publishes
 * one), so a disqualified winner never stays on screen.
 */
import type { PlaySchemas } from '@/audience/api';
import { useT } from '@/audience/i18n';

export type Winners = PlaySchemas['EventWinners'];

export function WinnersPodium({ winners, levelGame }: { winners: Winners; levelGame: boolean }) {
  const t = useT();
  const list = winners.list;
  const podium = [list[1], list[0], list[2]];
  const rest = list.slice(3);
  return (
    <section className="ranking-view final" data-testid="winners-podium">
      <h1>{t('winners.title')}</h1>
      {list.length === 0 ? (
        <p className="message">{t('ranking.empty')}</p>
      ) : (
        <>
          <ol className="podium">
            {podium.map((item) =>
              item ? (
                <li key={item.player_id} className={`step place-${item.rank}`} data-rank={item.rank}>
                  <span className="who">{item.nickname}</span>
                  <span className="score">{t('ranking.points', { count: item.score })}</span>
                  {levelGame ? <span className="lvl">{t('ranking.level', { level: item.level })}</span> : null}
                  <span className="block">{item.rank}</span>
                </li>
              ) : null,
            )}
          </ol>
          {rest.length > 0 ? (
            <ol className="rank-list" start={4}>
              {rest.map((item) => (
                <li key={item.player_id} data-rank={item.rank}>
                  <span className="pos">{item.rank}</span>
                  <span className="who">{item.nickname}</span>
                  <span className="score">{t('ranking.points', { count: item.score })}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
    </section>
  );
}
