/**
 * The player page after its first screen (issue 18's budget): the player machine (machines/player)
 * wired to the real calls (./player-logic.ts) and the live link (./live-link.ts, the page's one
 * realtime client), the status lines under the header, and one component per screen after the join
 * form. ./app.tsx loads this module right after the first paint — at once when the phone resumes a
 * player — so it is there before a player has typed a PIN and a nickname.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { createActor } from 'xstate';
import { useSelector } from '@xstate/react';
import { selectIsReconnecting } from '@machines/connection/selectors';
import { selectConnectionRef, selectDisqualified, selectNickname, selectScore, type PlayerScreen } from '@machines/player/selectors';
import type { PendingAnswer } from '@machines/player/types';
import { createPlayApi } from '@/audience/api';
import { currentLanguage, translate, useT } from '@/audience/i18n';
import { StageCard } from '@/audience/stage-message';
import { devInspector } from '@/shared/dev-inspector';
import { testInspector } from '@/shared/test-inspector';
import { createPlayerLink } from './live-link';
import { PlayerActor } from './player-context';
import { playerLogic } from './player-logic';
import type { PlayerRef } from './player-ref';
import { AnsweredScreen } from './screens/answered';
import { AnsweringScreen } from './screens/answering';
import { EndedGameScreen } from './screens/ended-game';
import { FinishedScreen } from './screens/finished';
import { LobbyScreen } from './screens/lobby';
import { OfflineScreen } from './screens/offline';
import { PendingScreen } from './screens/pending';
import { RankedScreen } from './screens/ranked';
import { RevealedScreen } from './screens/revealed';
import { SlideScreen } from './screens/slide';
import { WatchingScreen } from './screens/watching';
import { playerStorage } from './storage';

export { PendingRefusalNotice } from './screens/pending';

let page: { logic: ReturnType<typeof playerLogic>; link: ReturnType<typeof createPlayerLink> } | undefined;

/** The page's API client, live link and machine logic: one of each for the page's life, for every player it plays as. */
function pageParts() {
  if (!page) {
    const api = createPlayApi({ lang: currentLanguage, networkError: () => translate('errors.network') });
    const link = createPlayerLink(api);
    page = { link, logic: playerLogic(api, { joined: (player) => playerStorage.set(player), forget: () => playerStorage.set(null) }, link) };
  }
  return page;
}

/** A player actor, started: resuming `token` (with its waiting answer, sent first), or at the join form. */
export function startPlayer(token: string | null, pending: PendingAnswer | null): PlayerRef {
  const { logic, link } = pageParts();
  return createActor(logic, { input: { token, pending, client: link.client }, inspect: devInspector ?? testInspector }).start();
}

/**
 * Under the header while the phone plays: who is playing and their score, and the reconnecting banner
 * with "Retry now" (the connection's `connection.retry`: the next attempt at once instead of after the
 * backoff's wait, e.g. once the player sees the Wi-Fi back). Not on the offline screen, whose own
 * Retry is the one thing to tap there.
 */
export function PlayerStatus({ shown }: { shown: PlayerScreen }) {
  const t = useT();
  const nickname = PlayerActor.useSelector(selectNickname);
  const score = PlayerActor.useSelector(selectScore);
  // The connection child exists while the phone plays; its `reconnecting` is the banner.
  const connection = PlayerActor.useSelector(selectConnectionRef);
  const reconnecting = useSelector(connection, (snapshot) => (snapshot ? selectIsReconnecting(snapshot) : false));
  const disqualified = PlayerActor.useSelector(selectDisqualified);
  return (
    <>
      {nickname && shown !== 'join' ? (
        <div className="me" data-testid="me">
          <span className="me-name">{nickname}</span>
          <span className="me-score">
            <span className="sr-only">{t('header.score')} </span>
            {t('header.points', { count: score })}
          </span>
        </div>
      ) : null}
      {reconnecting ? (
        <div className="banner" role="status" data-testid="reconnecting">
          <span>{t('status.reconnecting')}</span>
          {shown !== 'offline' ? (
            <button type="button" className="banner-action" onClick={() => connection?.send({ type: 'connection.retry' })}>
              {t('status.retryNow')}
            </button>
          ) : null}
        </div>
      ) : null}
      {disqualified && shown !== 'join' ? (
        <div className="banner out" role="alert" data-testid="disqualified">
          <strong>{t('status.disqualified')}</strong>
          <div>{t('status.disqualifiedReason', { reason: disqualified.reason })}</div>
        </div>
      ) : null}
    </>
  );
}

/** The stage message the operator put up (a title and a line), over the screen until taken off or a question is shown. */
export function StageNotice() {
  const { stage } = pageParts().link;
  const message = useSyncExternalStore(stage.subscribe, stage.get);
  return message ? <StageCard className="card center stage-card" message={message} /> : null;
}

export type LiveScreen = Exclude<PlayerScreen, 'join' | 'loading'>;

/** One component per player state after joining (machines/player/selectors.ts selectScreen). */
const SCREENS: { [S in LiveScreen]: (props: { onLeave: () => void }) => ReactNode } = {
  ended: EndedGameScreen,
  offline: OfflineScreen,
  lobby: LobbyScreen,
  answering: AnsweringScreen,
  pending: PendingScreen,
  answered: AnsweredScreen,
  watching: WatchingScreen,
  slide: SlideScreen,
  revealed: RevealedScreen,
  ranked: RankedScreen,
  finished: FinishedScreen,
};

export function GameScreen({ shown, onLeave }: { shown: LiveScreen; onLeave: () => void }) {
  const Screen = SCREENS[shown];
  return <Screen onLeave={onLeave} />;
}
