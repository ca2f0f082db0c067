/** `inGame.ranked`: own position in the published ranking. */
import { selectView } from '@machines/player/selectors';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { Promotion, RankBlock } from './parts';

export function RankedScreen() {
  const t = useT();
  const view = PlayerActor.useSelector(selectView);
  return (
    <div className="card center ranked">
      <h1>{t('ranked.title')}</h1>
      <RankBlock />
      {view ? <Promotion view={view} /> : null}
      <p className="muted">{t('lobby.waitingNext')}</p>
    </div>
  );
}
