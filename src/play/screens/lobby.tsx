/** `inGame.lobby`: joined, waiting for a question; the players joined so far. */
import { selectNickname, selectPlayerCount } from '@machines/player/selectors';
import type { PlayerSnapshot } from '@machines/player/player.machine';
import { useT } from '@/audience/i18n';
import { PlayerActor } from '../player-context';

/** A question was played already: "waiting for the next one". */
const selectHasPlayed = (snapshot: PlayerSnapshot) => !!snapshot.context.view?.question;

export function LobbyScreen() {
  const t = useT();
  const nickname = PlayerActor.useSelector(selectNickname);
  const playerCount = PlayerActor.useSelector(selectPlayerCount);
  const hasScore = PlayerActor.useSelector(selectHasPlayed);
  return (
    <div className="card center lobby">
      <div className="check" aria-hidden="true">
        ✓
      </div>
      <h1>{t('lobby.title')}</h1>
      <p className="lead">{t('lobby.welcome', { nickname })}</p>
      <p className="muted">{hasScore ? t('lobby.waitingNext') : t('lobby.waiting')}</p>
      {playerCount !== null ? <p className="pill">{t('lobby.players', { count: playerCount })}</p> : null}
    </div>
  );
}
