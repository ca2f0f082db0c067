/**
 * The top of a ranking on the big screen: the first three on a podium (second, first, third, left to
 * right), the others below in rank order, each with their score (and level in a level game). The
 * published ranking (app.tsx's RankingView) and the winners the operator shows (winners-podium.tsx)
 * both draw it; the ranking also marks who went through to the next level.
 */
import type { PlaySchemas } from '@/audience/api';
import { useT } from '@/audience/i18n';

type RankItem = PlaySchemas['RankItem'];

export function Podium({ list, levelGame, promoted = () => false }: { list: readonly RankItem[]; levelGame: boolean; promoted?: (item: RankItem) => boolean }) {
  const t = useT();
  const podium = [list[1], list[0], list[2]];
  const rest = list.slice(3);
  const level = (item: RankItem) => (levelGame ? <span className="lvl">{t('ranking.level', { level: item.level })}</span> : null);
  const badge = (item: RankItem) => (promoted(item) ? <span className="badge">{t('ranking.promoted')}</span> : null);
  return (
    <>
      <ol className="podium">
        {podium.map((item) =>
          item ? (
            <li key={item.player_id} className={`step place-${item.rank}`} data-rank={item.rank}>
              <span className="who">{item.nickname}</span>
              <span className="score">{t('ranking.points', { count: item.score })}</span>
              {level(item)}
              {badge(item)}
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
              {level(item)}
              {badge(item)}
              <span className="score">{t('ranking.points', { count: item.score })}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
