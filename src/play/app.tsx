/**
 * The player page (/play, docs/product.md): one phone through a live game, driven by the player machine.
 * Mobile-first, plain React and one CSS file — no back-office code. What the server decides (can I
 * answer, was I right, my points and rank) comes from the machine's view; the page only shows it.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  selectCanAnswer,
  selectCorrectAnswer,
  selectEndedGame,
  selectError,
  selectIsBusy,
  selectIsSubmitting,
  selectMyAnswer,
  selectPending,
  selectPendingRefusal,
  selectQuestion,
  selectRank,
  selectRemainingSeconds,
  selectScore,
  selectScreen,
  type PlayerScreen,
} from '@machines/player/selectors';
import type { PlayerView, PublicQuestion } from '@machines/player/types';
import { createPlayApi } from '@/audience/api';
import { secondsWithTenths } from '@/domain/clock';
import { formatNicknameMessage } from '@/domain/nickname-messages';
import { checkNickname } from '@/domain/nickname';
import { currentLanguage, translate, useT } from '@/audience/i18n';
import { LanguageSwitch } from '@/audience/language-switch';
import { devInspector } from '@/shared/dev-inspector';
import { useLiveLink } from './live-link';
import { PlayerActor } from './player-context';
import { pendingStorage, playerLogic, playerStorage, resumableToken, type AnswerChannel } from './player-logic';

const PIN_RE = /^[0-9]{6}$/;

export function App() {
  const [session, setSession] = useState(0);
  const pinInAddress = useMemo(() => new URLSearchParams(window.location.search).get('pin'), []);
  const api = useMemo(() => createPlayApi({ lang: currentLanguage, networkError: () => translate('errors.network') }), []);
  // The live connection, once open, carries the answers (player-logic.ts sendAnswer).
  const channel = useMemo<AnswerChannel>(() => ({ socket: null }), []);
  const logic = useMemo(() => playerLogic(api, { joined: (player) => playerStorage.set(player), forget: () => playerStorage.set(null) }, channel), [api, channel]);
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
    <PlayerActor.Provider key={session} logic={logic} options={{ input: { token, pending }, inspect: devInspector }}>
      <PlayerPage api={api} channel={channel} defaultPin={PIN_RE.test(pinInAddress ?? '') ? pinInAddress! : ''} onLeave={leave} />
    </PlayerActor.Provider>
  );
}

const selectView = (s: Parameters<typeof selectScreen>[0]) => s.context.view;

function PlayerPage({ api, channel, defaultPin, onLeave }: { api: ReturnType<typeof createPlayApi>; channel: AnswerChannel; defaultPin: string; onLeave: () => void }) {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  const screen = PlayerActor.useSelector(selectScreen);
  const token = PlayerActor.useSelector((s) => s.context.token);
  const playing = PlayerActor.useSelector((s) => s.status === 'active' && !s.matches('joining'));
  const view = PlayerActor.useSelector(selectView);
  const nickname = PlayerActor.useSelector((s) => s.context.player?.nickname ?? s.context.view?.nickname ?? '');
  const score = PlayerActor.useSelector(selectScore);
  const { status, playerCount } = useLiveLink(actor, api, token, playing, channel);

  // While re-reading the state, keep the last screen on display rather than flashing a spinner.
  const lastScreen = useRef<PlayerScreen>('loading');
  if (screen !== 'loading') lastScreen.current = screen;
  const shown = screen === 'loading' && view ? lastScreen.current : screen;

  // Offline (the state could not be read): try again by itself every few seconds.
  useEffect(() => {
    if (screen !== 'offline') return;
    const timer = setInterval(() => actor.send({ type: 'player.retry' }), 3_000);
    return () => clearInterval(timer);
  }, [screen, actor]);

  // The browser says the network is back: an answer waiting for it goes at once.
  useEffect(() => {
    const online = () => actor.send({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [actor]);

  return (
    <div className="page" data-screen={shown}>
      <header className="top">
        <span className="brand">{view?.gameTitle || t('brand')}</span>
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
      {playing && status === 'reconnecting' ? (
        <div className="banner" role="status">
          {t('status.reconnecting')}
        </div>
      ) : null}
      <main className="main" aria-live="polite">
        {shown !== 'join' && shown !== 'ended' ? <PendingRefusalNotice /> : null}
        {shown === 'join' && <JoinScreen defaultPin={defaultPin} />}
        {shown === 'ended' && <EndedGameScreen />}
        {shown === 'loading' && <p className="center muted">{t('status.loading')}</p>}
        {shown === 'offline' && <OfflineScreen />}
        {shown === 'lobby' && <LobbyScreen nickname={nickname} playerCount={playerCount} hasScore={!!view?.question} />}
        {shown === 'answering' && <AnsweringScreen />}
        {shown === 'pending' && <PendingScreen />}
        {shown === 'answered' && <AnsweredScreen />}
        {shown === 'watching' && <WatchingScreen />}
        {shown === 'revealed' && <RevealedScreen />}
        {shown === 'ranked' && <RankedScreen />}
        {shown === 'finished' && <FinishedScreen nickname={nickname} onLeave={onLeave} />}
      </main>
    </div>
  );
}

function JoinScreen({ defaultPin }: { defaultPin: string }) {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  const busy = PlayerActor.useSelector(selectIsBusy);
  const serverError = PlayerActor.useSelector(selectError);
  const [pin, setPin] = useState(defaultPin);
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; nickname?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's rule (src/domain/nickname.ts): characters as users see them, never cut.
    const checked = checkNickname(nickname);
    const next: typeof errors = {};
    if (!PIN_RE.test(pin)) next.pin = t('join.pinInvalid');
    if (!checked.ok) next.nickname = formatNicknameMessage(currentLanguage(), checked.key, checked.params);
    setErrors(next);
    if (next.pin || !checked.ok) return;
    actor.send({ type: 'player.join', pin, nickname: checked.nickname });
  };

  return (
    <form className="card join" onSubmit={submit} noValidate>
      <h1>{t('join.title')}</h1>
      <p className="muted">{t('join.lead')}</p>
      <label className="field">
        <span>{t('join.pin')}</span>
        <input
          name="pin"
          className="pin-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pin}
          placeholder="123456"
          aria-invalid={!!errors.pin}
          aria-describedby="pin-help"
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <small id="pin-help" className={errors.pin ? 'error' : 'muted'}>
          {errors.pin ?? t('join.pinHint')}
        </small>
      </label>
      <label className="field">
        <span>{t('join.nickname')}</span>
        <input
          name="nickname"
          autoComplete="nickname"
          value={nickname}
          aria-invalid={!!errors.nickname}
          aria-describedby="nickname-help"
          onChange={(e) => setNickname(e.target.value)}
        />
        <small id="nickname-help" className={errors.nickname ? 'error' : 'muted'}>
          {errors.nickname ?? t('join.nicknameHint')}
        </small>
      </label>
      {serverError ? (
        <p className="alert" role="alert">
          {serverError}
        </p>
      ) : null}
      <button type="submit" className="primary big" disabled={busy}>
        {busy ? t('join.submitting') : t('join.submit')}
      </button>
    </form>
  );
}

/** The phone's clock time of a tap, as the player reads it (hours, minutes, seconds). */
const clockTime = (ms: number) => new Intl.DateTimeFormat(currentLanguage(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms);

/** The answer kept while the server cannot be reached: what was tapped, and when. */
function PendingCard() {
  const t = useT();
  const pending = PlayerActor.useSelector(selectPending);
  const question = PlayerActor.useSelector(selectQuestion);
  if (!pending) return null;
  const choices = question && question.id === pending.questionId ? optionLabel(question, pending.choices) : pending.choices.join('、');
  return (
    <div className="card center pending" data-testid="pending" role="status">
      <div className="check pending-icon" aria-hidden="true">
        …
      </div>
      <h2>{t('pending.title')}</h2>
      <p className="lead">{t('pending.lead')}</p>
      <p>{t('answered.yourChoice', { choices })}</p>
      <p className="muted" data-testid="pending-tapped">
        {t('pending.tappedAt', { time: clockTime(pending.tappedAt) })}
      </p>
    </div>
  );
}

function PendingScreen() {
  const question = PlayerActor.useSelector(selectQuestion);
  return (
    <div className="question">
      {question ? <QuestionHead question={question} /> : null}
      <PendingCard />
    </div>
  );
}

/** The server refused an answer that had waited for the network: its reason, and when it was tapped. */
function PendingRefusalNotice() {
  const t = useT();
  const refusal = PlayerActor.useSelector(selectPendingRefusal);
  if (!refusal) return null;
  return (
    <p className="alert" role="alert" data-testid="pending-refused">
      {t('pending.refused', { time: clockTime(refusal.tappedAt), reason: refusal.message })}
    </p>
  );
}

/** A join refused because the game has ended: its final ranking instead of a form that would wait. */
function EndedGameScreen() {
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

function OfflineScreen() {
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

function LobbyScreen({ nickname, playerCount, hasScore }: { nickname: string; playerCount: number | null; hasScore: boolean }) {
  const t = useT();
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

function QuestionHead({ question, seconds }: { question: PublicQuestion; seconds?: number | null }) {
  const t = useT();
  return (
    <div className="q-head">
      <div className="q-meta">
        {question.level !== null ? <span className="tag">{t('question.level', { level: question.level })}</span> : null}
        {question.isBonus ? <span className="tag bonus">{t('question.bonus')}</span> : null}
        {seconds !== undefined ? (
          <span className={`countdown${seconds !== null && seconds <= 3 ? ' urgent' : ''}`} data-testid="countdown" role="timer" aria-live="off">
            {seconds === null ? t('question.untimed') : t('question.secondsLeft', { count: seconds })}
          </span>
        ) : null}
      </div>
      <h1 className="q-text">{question.questionText || question.title}</h1>
      {question.questionImg ? <img className="q-img" src={question.questionImg} alt="" /> : null}
    </div>
  );
}

const optionLabel = (question: PublicQuestion, titles: readonly string[]) =>
  titles.map((title) => `${title}. ${question.options.find((o) => o.title === title)?.text ?? ''}`.trim()).join('、');

function AnsweringScreen() {
  const t = useT();
  const actor = PlayerActor.useActorRef();
  const question = PlayerActor.useSelector(selectQuestion);
  const seconds = PlayerActor.useSelector(selectRemainingSeconds);
  const canAnswer = PlayerActor.useSelector(selectCanAnswer);
  const submitting = PlayerActor.useSelector(selectIsSubmitting);
  const error = PlayerActor.useSelector(selectError);
  const [selected, setSelected] = useState<string[]>([]);
  const [questionId, setQuestionId] = useState<number | null>(null);
  if (question && question.id !== questionId) {
    setQuestionId(question.id);
    setSelected([]);
  }
  if (!question) return null;
  const multiple = question.questionType === 2;

  const tap = (title: string) => {
    if (!canAnswer) return;
    if (!multiple) {
      setSelected([title]);
      actor.send({ type: 'player.answer', choices: [title], tappedAt: Date.now() });
      return;
    }
    setSelected((current) => (current.includes(title) ? current.filter((c) => c !== title) : [...current, title].sort()));
  };

  return (
    <div className="question">
      <QuestionHead question={question} seconds={seconds} />
      <p className="hint">{multiple ? t('question.multiple') : t('question.single')}</p>
      <div className={`options n${question.options.length}`} role={multiple ? 'group' : undefined}>
        {question.options.map((option) => {
          const isSelected = selected.includes(option.title);
          return (
            <button
              key={option.title}
              type="button"
              className={`option opt-${option.title}${isSelected ? ' selected' : ''}`}
              aria-pressed={multiple ? isSelected : undefined}
              disabled={!canAnswer}
              data-option={option.title}
              onClick={() => tap(option.title)}
            >
              <span className="letter" aria-hidden="true">
                {option.title}
              </span>
              <span className="text">
                <span className="sr-only">{t('question.option', { title: option.title })} </span>
                {option.text}
              </span>
              {option.img ? <img src={option.img} alt="" /> : null}
              {isSelected && multiple ? <span className="tick">{t('question.selected')}</span> : null}
            </button>
          );
        })}
      </div>
      {multiple ? (
        <button
          type="button"
          className="primary big submit"
          disabled={!canAnswer || selected.length === 0}
          onClick={() => actor.send({ type: 'player.answer', choices: selected, tappedAt: Date.now() })}
        >
          {submitting ? t('question.sending') : t('question.submit')}
        </button>
      ) : submitting ? (
        <p className="center muted">{t('question.sending')}</p>
      ) : null}
      {error ? (
        <p className="alert" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AnsweredScreen() {
  const t = useT();
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  if (!question) return null;
  return (
    <div className="question">
      <QuestionHead question={question} />
      <div className="card center receipt" data-testid="receipt">
        <div className="check" aria-hidden="true">
          ✓
        </div>
        <h2>{t('answered.title')}</h2>
        {mine?.elapsedMs !== undefined ? <p className="lead">{t('answered.receipt', { seconds: secondsWithTenths(mine.elapsedMs) })}</p> : null}
        {mine ? <p>{t('answered.yourChoice', { choices: optionLabel(question, mine.choices) })}</p> : null}
        <p className="muted">{t('answered.waiting')}</p>
      </div>
    </div>
  );
}

const eliminatedFrom = (view: PlayerView | null): number | null => {
  const q = view?.question;
  if (!q || q.question.level === null) return null;
  if (q.refusal === 'levelNotReached') return q.question.level;
  if (view.levelReached !== null && q.question.level > view.levelReached) return q.question.level;
  return null;
};

function WatchingScreen() {
  const t = useT();
  const view = PlayerActor.useSelector(selectView);
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  if (!question || !view) return null;
  const eliminated = eliminatedFrom(view);
  const refusal = view.question?.refusal ?? (mine ? 'answered' : 'late');
  const known = ['late', 'closed', 'answered', 'outsideOpenTime', 'gameEnded'];
  return (
    <div className="question">
      <QuestionHead question={question} />
      {eliminated !== null ? (
        <div className="card center result wrong" data-testid="eliminated">
          <h2>{t('watching.levelNotReached')}</h2>
          <p>{t('watching.levelNotReachedLead', { level: eliminated })}</p>
        </div>
      ) : (
        <div className="card center">
          <h2>{t(`watching.${known.includes(refusal) ? refusal : 'closed'}`)}</h2>
          <p className="muted">{t('watching.watchOnly')}</p>
        </div>
      )}
    </div>
  );
}

function CorrectAnswer({ question }: { question: PublicQuestion }) {
  const t = useT();
  const answer = PlayerActor.useSelector(selectCorrectAnswer);
  if (!answer) return null;
  return <p className="answer-line">{t('revealed.correctAnswer', { answer: optionLabel(question, answer) })}</p>;
}

function Promotion({ view }: { view: PlayerView }) {
  const t = useT();
  const level = view.question?.question.level ?? null;
  if (level === null || view.levelReached === null || view.levelReached <= level) return null;
  return (
    <p className="promoted" data-testid="promoted">
      {t('revealed.promoted', { level: view.levelReached })}
    </p>
  );
}

function RevealedScreen() {
  const t = useT();
  const view = PlayerActor.useSelector(selectView);
  const question = PlayerActor.useSelector(selectQuestion);
  const mine = PlayerActor.useSelector(selectMyAnswer);
  const score = PlayerActor.useSelector(selectScore);
  if (!question || !view) return null;
  const eliminated = eliminatedFrom(view);
  const verdict = !mine ? 'noAnswer' : mine.correct ? 'correct' : 'wrong';
  return (
    <div className="question">
      <div className={`card center result ${verdict}`} data-testid="result" data-verdict={verdict}>
        <div className="verdict-icon" aria-hidden="true">
          {verdict === 'correct' ? '✓' : verdict === 'wrong' ? '✗' : '–'}
        </div>
        <h1>{t(`revealed.${verdict}`)}</h1>
        {mine ? <p className="points">{t('revealed.points', { count: mine.points ?? 0 })}</p> : null}
        {mine ? <p className="muted">{t('answered.yourChoice', { choices: optionLabel(question, mine.choices) })}</p> : null}
        <CorrectAnswer question={question} />
        <p className="lead">{t('revealed.total', { score })}</p>
        <Promotion view={view} />
        {eliminated !== null ? <p className="alert">{t('watching.levelNotReached')}</p> : null}
        <p className="muted">{t('revealed.waitingRanking')}</p>
      </div>
    </div>
  );
}

function RankBlock() {
  const t = useT();
  const rank = PlayerActor.useSelector(selectRank);
  const score = PlayerActor.useSelector(selectScore);
  const view = PlayerActor.useSelector(selectView);
  return (
    <>
      {rank ? (
        <>
          <p className="rank" data-testid="rank">
            {t('ranked.position', { position: rank.position })}
          </p>
          <p className="muted">{t('ranked.ofTotal', { count: rank.total })}</p>
        </>
      ) : (
        <p className="muted">{t('ranked.noRank')}</p>
      )}
      <p className="lead">{t('revealed.total', { score })}</p>
      {view?.levelReached !== null && view?.levelReached !== undefined ? <p className="pill">{t('ranked.level', { level: view.levelReached })}</p> : null}
    </>
  );
}

function RankedScreen() {
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

function FinishedScreen({ nickname, onLeave }: { nickname: string; onLeave: () => void }) {
  const t = useT();
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
