/**
 * The player page (/play, docs/product.md): one phone through a live game, driven by the player
 * machine (machines/player), whose children hold the live link (./live-link.ts): the page's one
 * realtime client in a `connection` actor and the game's topic as events. Mobile-first, plain React
 * and one CSS file — no back-office code. This file picks the screen of the machine's state; what the
 * server decides (can I answer, was I right, my points and rank) comes from the machine's view, read
 * with narrow selectors.
 *
 * The first screen, the join form, is drawn without the machine (issue 18's budget: xstate, the
 * machine, the realtime client and the later screens are a third of the page): ./live.tsx loads once
 * the form is painted, and the form, kept mounted, then reads and speaks to the machine. A join sent
 * before it has arrived (a fast typist on a slow network) waits for it with the button busy; if it
 * cannot be fetched, the next join tries again (and the form says the network failed if that fails too). A phone that
 * resumes a player shows "loading" until the machine has read its state, as before.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { selectError, selectGameTitle, selectIsBusy, selectScreen, selectView, type PlayerScreen } from '@machines/player/selectors';
import type { PlayerSnapshot } from '@machines/player/player.machine';
import { loadAllTexts, useT } from '@/audience/i18n';
import { LanguageSwitch } from '@/audience/language-switch';
import { PlayerRefContext, usePlayerValue, type PlayerRef } from './player-ref';
import type * as LiveModule from './live';
import { JoinScreen, PIN_RE, type JoinRequest } from './screens/join';
import { pendingStorage, playerStorage, resumableToken } from './storage';

type Live = typeof LiveModule;
let loading: Promise<Live> | undefined;
const loadLive = () => (loading ??= import('./live'));
const RETRY_MS = 3000;

interface Player {
  session: number;
  actor: PlayerRef;
  live: Live;
}

export function App() {
  const [session, setSession] = useState(0);
  const pinInAddress = useMemo(() => new URLSearchParams(window.location.search).get('pin'), []);
  // Read once per session: a new session (after "join another game") starts without a token.
  const token = useMemo(() => (session === 0 ? resumableToken(playerStorage.get(), pinInAddress) : null), [session, pinInAddress]);
  // An answer this token could not deliver before the page was closed or reloaded: sent first.
  const pending = useMemo(() => pendingStorage.get(token), [token]);
  const [player, setPlayer] = useState<Player | null>(null);
  // A join the player sent before the machine had loaded: sent when it starts.
  const queuedJoin = useRef<JoinRequest | null>(null);
  const [joinQueued, setJoinQueued] = useState(false);

  // The machine's module could not be fetched (the network dropped): tried again at the next join, or
  // after a few seconds on a phone resuming a player; the form says so when a join was waiting for it.
  const [attempt, setAttempt] = useState(0);
  const [loadFailed, setLoadFailed] = useState<'silently' | 'joining' | null>(null);

  // Once the first screen is painted: the other language's texts, so a switch works without network.
  useEffect(() => {
    void loadAllTexts();
  }, []);

  // Runs once the first screen is painted: the machine and the later screens load then, one actor per session.
  useEffect(() => {
    let actor: PlayerRef | null = null;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadLive().then(
      (live) => {
        if (cancelled) return;
        actor = live.startPlayer(token, pending);
        const join = queuedJoin.current;
        queuedJoin.current = null;
        if (join) actor.send({ type: 'player.join', ...join });
        setPlayer({ session, actor, live });
        setJoinQueued(false);
        setLoadFailed(null);
      },
      () => {
        loading = undefined;
        if (cancelled) return;
        setLoadFailed(queuedJoin.current ? 'joining' : 'silently');
        queuedJoin.current = null;
        setJoinQueued(false);
        if (token) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(retry);
      actor?.stop();
    };
  }, [session, token, pending, attempt]);

  const current = player?.session === session ? player : null;
  const join = (request: JoinRequest) => {
    if (current) return current.actor.send({ type: 'player.join', ...request });
    queuedJoin.current = request;
    setJoinQueued(true);
    if (loadFailed) {
      setLoadFailed(null);
      setAttempt((n) => n + 1);
    }
  };
  const leave = () => {
    playerStorage.set(null);
    pendingStorage.set(null, null);
    setSession((n) => n + 1);
  };
  return (
    <PlayerPage
      key={session}
      player={current}
      resuming={token !== null}
      joinQueued={joinQueued}
      loadFailed={loadFailed === 'joining'}
      defaultPin={PIN_RE.test(pinInAddress ?? '') ? pinInAddress! : ''}
      onJoin={join}
      onLeave={leave}
    />
  );
}

interface PageProps {
  player: Player | null;
  resuming: boolean;
  joinQueued: boolean;
  loadFailed: boolean;
  defaultPin: string;
  onJoin: (request: JoinRequest) => void;
  onLeave: () => void;
}

function LoadingScreen() {
  const t = useT();
  return <p className="center muted">{t('status.loading')}</p>;
}

const selectHasView = (snapshot: PlayerSnapshot) => selectView(snapshot) !== null;

function PlayerPage({ player, resuming, joinQueued, loadFailed, defaultPin, onJoin, onLeave }: PageProps) {
  const t = useT();
  const actor = player?.actor ?? null;
  const live = player?.live ?? null;
  // Before the machine is there: the join form, or "loading" for a phone resuming a player.
  const screen = usePlayerValue<PlayerScreen>(actor, selectScreen, resuming ? 'loading' : 'join');
  const hasView = usePlayerValue(actor, selectHasView, false);
  const title = usePlayerValue(actor, selectGameTitle, '');
  const busy = usePlayerValue(actor, selectIsBusy, joinQueued);
  const serverError = usePlayerValue(actor, selectError, loadFailed ? t('errors.network') : null);

  // While re-reading the state, keep the last screen on display rather than flashing a spinner.
  const [lastScreen, setLastScreen] = useState<PlayerScreen>('loading');
  if (screen !== 'loading' && screen !== lastScreen) setLastScreen(screen);
  const shown = screen === 'loading' && hasView ? lastScreen : screen;

  // The tree keeps its shape when the machine arrives, so the join form (and what was typed) stays.
  return (
    <PlayerRefContext.Provider value={actor}>
      <div className="page" data-screen={shown}>
        <header className="top">
          <span className="brand">{title || t('brand')}</span>
          <LanguageSwitch />
        </header>
        {live ? <live.PlayerStatus shown={shown} /> : null}
        <main className="main" aria-live="polite">
          {live && shown !== 'join' && shown !== 'ended' ? <live.PendingRefusalNotice /> : null}
          {live && shown !== 'join' ? <live.StageNotice /> : null}
          {shown === 'join' ? (
            <JoinScreen defaultPin={defaultPin} busy={busy} serverError={serverError} onJoin={onJoin} />
          ) : live && shown !== 'loading' ? (
            <live.GameScreen shown={shown} onLeave={onLeave} />
          ) : (
            <LoadingScreen />
          )}
        </main>
      </div>
    </PlayerRefContext.Provider>
  );
}
