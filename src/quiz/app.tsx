/**
 * The quiz display (/quiz?token=…&company_id=…&trivia_game_id=…): the venue's big
 * screen. It trades the address's single-use code for a display session (./display-session.ts), or
 * resumes the session this computer keeps, or — with neither — shows a pairing code the operator types
 * on the control screen (./pairing-screen.tsx); unpaired (`display.unpaired`, or a 202), it forgets
 * its token and shows a new code. Then it follows the game's public topic: join PIN, link, QR code and players joined; the question with its
 * image (or pre-video), what its kind asks (./kind-views.tsx) and a countdown on the server's clock, or
 * a content slide full screen; the answer with the kind's reveal (a chart of the answers or votes per
 * option, typed answers, a histogram, an order) and the explanation; the ranking (podium, promotions in a level game); the final results. A
 * stage message the operator puts up covers it as a title card (@/audience/stage-message). It
 * reconnects by itself (the page's one realtime client, @/shared/realtime/game-channel) and resumes from the snapshot the server sends on
 * every subscription. The following is ./display-follower.ts's, read here as an external store. It
 * decides nothing: every fact on screen comes from the server.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPlayApi, type PlayApi, type PlaySchemas } from '@/audience/api';
import { remainingMs, secondsShown, fractionLeft, msToNextDraw } from '@/domain/clock';
import { kindLabelOf } from '@/domain/question-kinds/labels';
import { currentLanguage, translate, useT } from '@/audience/i18n';
import { LanguageSwitch } from '@/audience/language-switch';
import { StageCard } from '@/audience/stage-message';
import { bootDisplay, displayStorage, type BootResult, type DisplaySession } from './display-session';
import { followDisplay } from './display-follower';
import { displayJoinUrl, displayScreen, isPromoted, isSlide, promotedPlayers, type DisplayState } from './display-state';
import { Explanation, QuestionBody, RevealBody, SlideView } from './kind-views';
import { PairingScreen } from './pairing-screen';
import { Podium } from './podium';
import { QrCode } from './qr-code';
import { WinnersPodium } from './winners-podium';

export function App() {
  const t = useT();
  const api = useMemo(() => createPlayApi({ lang: currentLanguage, networkError: () => translate('reconnecting') }), []);
  const [boot, setBoot] = useState<BootResult | { kind: 'loading' } | { kind: 'unpaired'; message: string }>({ kind: 'loading' });
  useEffect(() => {
    void bootDisplay(api).then(setBoot);
  }, [api]);
  // Unpaired or expired (a 202, or `display.unpaired`): forget the token, back to the pairing screen.
  const token = boot.kind === 'ready' ? boot.session.token : null;
  const expire = useCallback(
    (message: string) => {
      if (token) displayStorage.forget(token);
      setBoot({ kind: 'unpaired', message });
    },
    [token],
  );
  const paired = useCallback((session: DisplaySession) => {
    displayStorage.set(session);
    setBoot({ kind: 'ready', session });
  }, []);

  let body;
  if (boot.kind === 'loading') body = <p className="message">{t('loading')}</p>;
  else if (boot.kind === 'ready') body = <Display key={boot.session.token} api={api} session={boot.session} onExpired={expire} />;
  else {
    // No code and no session, a used link, or an unpaired display: pair by a code (./pairing-screen.tsx).
    const notice =
      boot.kind === 'codeInvalid' ? { title: t('boot.codeInvalidTitle') } : boot.kind === 'unpaired' ? { title: t('pair.unpairedTitle'), message: boot.message } : null;
    body = <PairingScreen api={api} onPaired={paired} notice={notice} />;
  }
  return (
    <div className="stage">
      {body}
      <LanguageSwitch className="lang-switch corner" />
    </div>
  );
}

function Display({ api, session, onExpired }: { api: PlayApi; session: DisplaySession; onExpired: (message: string) => void }) {
  const t = useT();
  // One follower per session (the page keys this component by its token; onExpired is stable for it).
  const follower = useMemo(() => followDisplay(api, session, onExpired), [api, session, onExpired]);
  const { state, offsetMs, status, winners, answered } = useSyncExternalStore(follower.subscribe, follower.getSnapshot);

  if (!state) return <p className="message">{t('loading')}</p>;
  const screen = displayScreen(state);
  const pin = state.game.pin ?? '';
  const url = displayJoinUrl(state, window.location.origin);
  return (
    <div className={`display screen-${screen}`} data-screen={screen} data-testid="display">
      <header className="display-top">
        <span className="game-title">{state.game.title}</span>
        {/* The join strip stays in view when a stage message covers the lobby. */}
        {(screen !== 'lobby' || state.stage_message) && screen !== 'final' ? <JoinStrip pin={pin} url={url} count={state.game.player_count} /> : null}
      </header>
      {status === 'reconnecting' ? (
        <div className="reconnecting" role="status">
          {t('reconnecting')}
        </div>
      ) : null}
      <main className="display-main">
        {!winners && screen === 'lobby' && <Lobby pin={pin} url={url} count={state.game.player_count} />}
        {!winners && (screen === 'question' || screen === 'answer') && state.question && isSlide(state.question) ? <SlideView question={state.question.question} /> : null}
        {!winners && screen === 'question' && state.question && !isSlide(state.question) && (
          <QuestionView
            key={state.question.question.id}
            question={state.question}
            offsetMs={offsetMs}
            answered={answered?.questionId === state.question.question.id ? answered.total : 0}
          />
        )}
        {!winners && screen === 'answer' && state.question && !isSlide(state.question) && <AnswerView question={state.question} />}
        {!winners && screen === 'ranking' && <RankingView state={state} final={false} />}
        {winners ? <WinnersPodium winners={winners} levelGame={state.game.type === 2} /> : null}
        {!winners && screen === 'final' && <RankingView state={state} final />}
        {state.stage_message ? <StageCard className="stage-card" message={state.stage_message} /> : null}
      </main>
    </div>
  );
}

function JoinStrip({ pin, url, count }: { pin: string; url: string; count: number }) {
  const t = useT();
  return (
    <span className="join-strip">
      <span>{url.replace(/^https?:\/\//, '')}</span>
      <span>
        {t('join.pin')} <strong data-testid="strip-pin">{pin}</strong>
      </span>
      <span data-testid="player-count">{t('join.players', { count })}</span>
    </span>
  );
}

function Lobby({ pin, url, count }: { pin: string; url: string; count: number }) {
  const t = useT();
  return (
    <section className="lobby">
      <div className="lobby-text">
        <h1>{t('join.title')}</h1>
        <p className="scan">{t('join.scan')}</p>
        <p className="join-url" data-testid="join-url">
          {url.replace(/^https?:\/\//, '')}
        </p>
        <p className="pin-label">{t('join.pin')}</p>
        <p className="pin" data-testid="pin">
          {pin}
        </p>
        <p className="count" data-testid="player-count">
          {t('join.players', { count })}
        </p>
        <p className="waiting">{t('join.waiting')}</p>
      </div>
      <QrCode className="qr" text={url} alt={t('join.qrAlt', { url })} />
    </section>
  );
}

/**
 * The local time, re-read while a countdown to `deadline` (server clock) runs: every `ms` for the
 * ring, and exactly when the shown second changes, so the number flips on the second (not up to `ms`
 * late); it stops at the deadline.
 */
function useCountdownNow(deadline: number | null, offsetMs: number, ms = 200): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const wait = msToNextDraw(remainingMs(deadline, Date.now(), offsetMs), ms);
    if (wait === null) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [deadline, offsetMs, ms, now]);
  return now;
}

function QuestionMeta({ question }: { question: PlaySchemas['PublicQuestion'] }) {
  const t = useT();
  return (
    <div className="q-meta">
      {question.level !== null ? <span className="tag">{t('question.level', { level: question.level })}</span> : null}
      <span className="tag" data-testid="kind-tag">
        {t(`question.${kindLabelOf(question.question_type).label}`)}
      </span>
      {question.is_bonus ? <span className="tag bonus">{t('question.bonus')}</span> : null}
    </div>
  );
}

function Media({ question }: { question: PlaySchemas['PublicQuestion'] }) {
  const [videoDone, setVideoDone] = useState(false);
  if (question.pre_video_url && !videoDone) {
    return (
      <video
        className="q-media"
        src={question.pre_video_url}
        autoPlay
        muted
        playsInline
        controls
        onEnded={() => setVideoDone(true)}
        onError={() => setVideoDone(true)}
        data-testid="pre-video"
      />
    );
  }
  return question.question_img ? <img className="q-media" src={question.question_img} alt="" data-testid="question-img" /> : null;
}

/** `answered`: how many have answered it so far (the display topic's total; 0 until told). */
function QuestionView({ question, offsetMs, answered }: { question: PlaySchemas['DisplayQuestion']; offsetMs: number; answered: number }) {
  const t = useT();
  const deadline = question.deadline === null ? null : Date.parse(question.deadline);
  const now = useCountdownNow(deadline, offsetMs);
  const left = deadline === null ? null : remainingMs(deadline, now, offsetMs);
  const seconds = left === null ? null : secondsShown(left);
  const q = question.question;
  return (
    <section className="question-view" key={q.id}>
      <div className="q-top">
        <div className="q-body">
          <QuestionMeta question={q} />
          <h1 className="q-text" data-testid="question-text">
            {q.question_text || q.title}
          </h1>
        </div>
        <div
          className={`timer${seconds !== null && seconds <= 5 ? ' urgent' : ''}`}
          role="timer"
          data-testid="display-countdown"
          style={{ ['--left' as string]: left === null ? 1 : fractionLeft(left, q.answering_time) }}
        >
          {seconds === null ? <span className="untimed">{t('question.untimed')}</span> : seconds > 0 ? <span>{seconds}</span> : <span className="up">{t('question.timeUp')}</span>}
        </div>
      </div>
      <div className={`q-content${q.question_img || q.pre_video_url ? ' with-media' : ''}`}>
        <Media question={q} />
        <QuestionBody question={q} />
      </div>
      <p className="answered-live" role="status" aria-live="off" data-testid="answered-live">
        {t('question.answered', { count: answered })}
      </p>
    </section>
  );
}

function AnswerView({ question }: { question: PlaySchemas['DisplayQuestion'] }) {
  const t = useT();
  const scored = kindLabelOf(question.question.question_type).scored;
  const total = question.counts?.total ?? 0;
  return (
    <section className="answer-view">
      <QuestionMeta question={question.question} />
      <h1 className="q-text small">{question.question.question_text || question.question.title}</h1>
      <p className="answer-total" data-testid="answer-total">
        {scored ? t('answer.answers', { count: total }) : t('answer.votes', { count: total })}
      </p>
      <RevealBody question={question} />
      <Explanation html={question.reveal?.explanation} />
    </section>
  );
}

function RankingView({ state, final }: { state: DisplayState; final: boolean }) {
  const t = useT();
  const ranking = state.ranking;
  const list = ranking?.list ?? [];
  const levelGame = state.game.type === 2;
  const questionLevel = state.question && ranking && state.question.question.id === ranking.question_id ? state.question.question.level : null;
  // The list is the top 10; how many went through counts every ranked player (the ranking's levels).
  const promotedCount = levelGame && ranking ? promotedPlayers(ranking.levels, questionLevel) : 0;
  return (
    <section className={`ranking-view${final ? ' final' : ''}`} data-testid={final ? 'final-results' : 'ranking'}>
      <h1>{final ? t('ranking.finalTitle') : t('ranking.title')}</h1>
      {ranking ? <p className="ranking-total">{t('ranking.total', { count: ranking.total })}</p> : null}
      {levelGame && promotedCount > 0 && questionLevel !== null ? (
        <p className="promoted-line" data-testid="promoted-line">
          {t('ranking.promotedCount', { count: promotedCount, level: questionLevel + 1 })}
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className="message">{final ? t('ranking.thanks') : t('ranking.empty')}</p>
      ) : (
        <>
          <Podium list={list.slice(0, 10)} levelGame={levelGame} promoted={(item) => isPromoted(item, questionLevel)} />
          {final ? <p className="thanks">{t('ranking.thanks')}</p> : null}
        </>
      )}
    </section>
  );
}
