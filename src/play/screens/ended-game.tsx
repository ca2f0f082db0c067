/** `joining.ended`. */
import { selectEndedGame } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';

/** A join refused because the game has ended: its final ranking instead of a form that would wait. */
export function EndedGameScreen() {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  const game = PlayerActor.useSelector(selectEndedGame);
  if (!game) return null;
  return (
    <div className="card center finished" data-testid="game-ended">
      <h1>{t('ended.title')}</h1>
      <p className="lead">{game.title}</p>
      <h2>{t('ended.finalRanking')}</h2>
      {game.ranking && game.ranking.list.length > 0 ? (
        <ol className="final-ranking" aria-label={t('ended.finalRanking')}>
          {game.ranking.list.map((entry) => (
            <li key={`${entry.rank}-${entry.nickname}`}>
              <span className="final-rank">{t('ranked.position', { position: entry.rank })}</span>
              <span className="final-name">{entry.nickname}</span>
              <span className="final-score">{t('header.points', { count: entry.score })}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('ended.noRanking')}</p>
      )}
      <button type="button" className="secondary big" onClick={() => actor.send({ type: 'player.back' })}>
        {t('finished.playAgain')}
      </button>
    </div>
  );
}
