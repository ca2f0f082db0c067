/**
 * The player page (/play, docs/product.md): one phone through a live game, driven by the player
 * machine (machines/player), whose children hold the live link (./live-link.ts): the page's one
 * realtime client in a `connection` actor and the game's topic as events. Mobile-first, plain React
 * and one CSS file — no back-office code. This file picks the screen of the machine's state
 * (./screens, one component per state); what the server decides (can I answer, was I right, my
 * points and rank) comes from the machine's view, read with narrow selectors.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { selectIsReconnecting } from '@machines/connection/selectors';
import { selectConnectionRef, selectGameTitle, selectNickname, selectScore, selectScreen, selectView, type PlayerScreen } from '@machines/player/selectors';
import { createPlayApi } from '@/audience/api';
import { currentLanguage, translate, useT } from '@/audience/i18n';
import { LanguageSwitch } from '@/audience/language-switch';
import { devInspector } from '@/shared/dev-inspector';
import { createPlayerLink } from './live-link';
import { PlayerActor } from './player-context';
import { pendingStorage, playerLogic, playerStorage, resumableToken } from './player-logic';
import { AnsweredScreen } from './screens/answered';
import { AnsweringScreen } from './screens/answering';
import { EndedGameScreen } from './screens/ended-game';
import { FinishedScreen } from './screens/finished';
import { JoinScreen, PIN_RE } from './screens/join';
import { LobbyScreen } from './screens/lobby';
import { OfflineScreen } from './screens/offline';
import { PendingRefusalNotice, PendingScreen } from './screens/pending';
import { RankedScreen } from './screens/ranked';
import { RevealedScreen } from './screens/revealed';
import { WatchingScreen } from './screens/watching';

export function App() {
  const [session, setSession] = useState(0);
  const pinInAddress = useMemo(() => new URLSearchParams(window.location.search).get('pin'), []);
  const api = useMemo(() => createPlayApi({ lang: currentLanguage, networkError: () => translate('errors.network') }), []);
  // The page's one realtime client, for every player this page plays as.
  const link = useMemo(() => createPlayerLink(api), [api]);
  const logic = useMemo(() => playerLogic(api, { joined: (player) => playerStorage.set(player), forget: () => playerStorage.set(null) }, link), [api, link]);
  // Read once per session: a new session (after "join another game") starts without a token.
  const token = useMemo(() => (session === 0 ? resumableToken(playerStorage.get(), pinInAddress) : null), [session, pinInAddress]);
  // An answer this token could not deliver before the page was closed or reloaded: sent first.
  const pending = useMemo(() => pendingStorage.get(token), [token]);
  const leave = () => {
    playerStorage.set(null);
    pendingStorage.set(null, null);
    setSession((n) => n + 1);
  };
  return (
    <PlayerActor.Provider key={session} logic={logic} options={{ input: { token, pending, client: link.client }, inspect: devInspector }}>
      <PlayerPage defaultPin={PIN_RE.test(pinInAddress ?? '') ? pinInAddress! : ''} onLeave={leave} />
    </PlayerActor.Provider>
  );
}

interface ScreenProps {
  defaultPin: string;
  onLeave: () => void;
}

function LoadingScreen() {
  const t = useT();
  return <p className="center muted">{t('status.loading')}</p>;
}

/** One component per player state (machines/player/selectors.ts selectScreen). */
const SCREENS: { [S in PlayerScreen]: (props: ScreenProps) => ReactNode } = {
  join: ({ defaultPin }) => <JoinScreen defaultPin={defaultPin} />,
  ended: EndedGameScreen,
  loading: LoadingScreen,
  offline: OfflineScreen,
  lobby: LobbyScreen,
  answering: AnsweringScreen,
  pending: PendingScreen,
  answered: AnsweredScreen,
  watching: WatchingScreen,
  revealed: RevealedScreen,
  ranked: RankedScreen,
  finished: ({ onLeave }) => <FinishedScreen onLeave={onLeave} />,
};

const selectHasView = (snapshot: Parameters<typeof selectView>[0]) => selectView(snapshot) !== null;

function PlayerPage(props: ScreenProps) {
  const t = useT();
  const screen = PlayerActor.useSelector(selectScreen);
  const hasView = PlayerActor.useSelector(selectHasView);
  const title = PlayerActor.useSelector(selectGameTitle);
  const nickname = PlayerActor.useSelector(selectNickname);
  const score = PlayerActor.useSelector(selectScore);
  // The connection child exists while the phone plays; its `reconnecting` is the banner.
  const connection = PlayerActor.useSelector(selectConnectionRef);
  const reconnecting = useSelector(connection, (snapshot) => (snapshot ? selectIsReconnecting(snapshot) : false));

  // While re-reading the state, keep the last screen on display rather than flashing a spinner.
  const [lastScreen, setLastScreen] = useState<PlayerScreen>('loading');
  if (screen !== 'loading' && screen !== lastScreen) setLastScreen(screen);
  const shown = screen === 'loading' && hasView ? lastScreen : screen;
  const Screen = SCREENS[shown];

  return (
    <div className="page" data-screen={shown}>
      <header className="top">
        <span className="brand">{title || t('brand')}</span>
        <LanguageSwitch />
      </header>
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
        <div className="banner" role="status">
          {t('status.reconnecting')}
        </div>
      ) : null}
      <main className="main" aria-live="polite">
        {shown !== 'join' && shown !== 'ended' ? <PendingRefusalNotice /> : null}
        <Screen {...props} />
      </main>
    </div>
  );
}
