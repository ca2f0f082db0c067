/** `finished`: the final score and rank; "play again" leaves this player for a new join. */
import { selectNickname } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { RankBlock } from './parts';

export function FinishedScreen({ onLeave }: { onLeave: () => void }) {
  const t = useT();
  const nickname = PlayerActor.useSelector(selectNickname);
  return (
    <div className="card center finished" data-testid="final">
      <h1>{t('finished.title')}</h1>
      <p className="lead">{t('finished.thanks', { nickname })}</p>
      <h2>{t('finished.finalRank')}</h2>
      <RankBlock />
      <button type="button" className="secondary big" onClick={onLeave}>
        {t('finished.playAgain')}
      </button>
    </div>
  );
}
