/** `offline`: the state could not be read (the machine tries again by itself every few seconds). */
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';
import { PendingCard } from './parts';

export function OfflineScreen() {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  return (
    <div className="card center" role="alert">
      <h1>{t('status.offline')}</h1>
      <p className="muted">{t('status.offlineLead')}</p>
      <PendingCard />
      <button type="button" className="primary big" onClick={() => actor.send({ type: 'player.retry' })}>
        {t('status.retry')}
      </button>
    </div>
  );
}
