/**
 * Types of the game machine: a live game as the control screen holds it — the root of the screen's
 * actor system (the game, one question actor per question, the connection to the operator topic).
 * Its context, the events it listens to (namespaced by who speaks) and the contracts of the injected
 * calls. Pure types only: the rows are the contracts' types, never the API client.
 */
import type { components as AdminComponents } from '../../openapi/admin-api.js';
import type { components as PlayComponents } from '../../openapi/play-api.js';
import type { ConnectionClient } from '../connection/connection.machine.js';
import type { QuestionActorRef } from '../question/question.machine.js';
import type { QuestionStatus } from '../question/types.js';

/** 1 = enabled, 0 = closed (ended). */
export type GameStatus = 0 | 1;

/** The game's row (triviaGame/detail) and a question's row (question/list), as the screen draws them. */
export type GameDetail = AdminComponents['schemas']['TriviaGame'];
export type QuestionRow = AdminComponents['schemas']['Question'];
/** The pre-flight check's answer (triviaGame/preflight): its problems, blocking first. */
export type PreflightReport = AdminComponents['schemas']['PreflightData'];
/** The current top 10 (triviaGame/getRank, or a `server.rankingPublished` event). */
export type Ranking = AdminComponents['schemas']['RankData'];
/** `server.snapshot` of the operator topic: sent on every (re)subscription. */
export type OperatorSnapshot = PlayComponents['schemas']['EventOperatorSnapshot'];

export interface GameInput {
  gameId: number;
  /**
   * This control screen's id (control leases, docs/game-rules.md "Co-hosting"): the server says which
   * screen of the game holds control. None: the screen controls whenever the admin may (no lease).
   */
  screenId?: string;
  /** The tab's realtime client, held by the `connection` child (none: the game never connects). */
  client?: ConnectionClient;
}

/** What the pre-flight check is asked with. */
export interface PreflightInput {
  gameId: number;
  /** The audience the operator expects (compared with the player cap); null when not given. */
  expectedAudience: number | null;
}

/** The pre-flight check as the screen holds it (docs/preflight.md). */
export interface PreflightState {
  report: PreflightReport | null;
  /** Why the check could not run (the operator may retry or acknowledge). */
  error: string | null;
  expectedAudience: number | null;
}

/** Who holds control of the game, who asks for it and the control screens present (`server.control`, or a control call's answer). */
export type ControlState = PlayComponents['schemas']['EventControl'];
/** What a control call asks: request (a watcher), accept / decline (the holder, to a request), release (the holder). */
export type ControlAction = AdminComponents['schemas']['TriviaGameControlRequest']['action'];
export interface ControlCallInput {
  gameId: number;
  screenId: string;
  action: ControlAction;
}

/** A game's rehearsal with simulated players (triviaGame/rehearsal's answer, or a `server.rehearsal` event): players 0 when none. */
export type RehearsalState = AdminComponents['schemas']['RehearsalState'];
/** What a rehearsal call asks: start `players` bots, or stop them (their players and answers deleted). */
export interface RehearsalCallInput {
  gameId: number;
  screenId: string | null;
  action: 'start' | 'stop';
  /** With `start`. */
  players?: number;
}

/** A game's autopilot now (triviaGame/autopilot's answer, the loaded detail, `server.autopilot`, the operator snapshot). */
export type AutopilotState = AdminComponents['schemas']['AutopilotState'];
/** The autopilot's mode: off (not enabled, or the game ended), running, paused. */
export type { AutopilotMode } from './autopilot.js';
/** What an autopilot call asks: pause or resume the clock of the next automatic step. */
export interface AutopilotCallInput {
  gameId: number;
  screenId: string | null;
  action: 'pause' | 'resume';
}
/** A title card on the display and the phones (e.g. 休息 10 分鐘); null when none is up. */
export type StageMessage = AdminComponents['schemas']['StageMessage'];
/** triviaGame/stageMessage's answer: the card up now. */
export type StageMessageData = AdminComponents['schemas']['StageMessageData'];
/** What a stage-message call asks: put `message` up (replacing the one up), or take it off (null). */
export interface StageMessageCallInput {
  gameId: number;
  screenId: string | null;
  message: StageMessage | null;
}

/** What loading a game resolves with: its row and every question's row in order. */
export interface LoadedGame {
  detail: GameDetail;
  questions: readonly QuestionRow[];
}

/** Answers per option of the question on screen (or of the last one published). */
export interface LiveCounts {
  questionId: number;
  counts: Record<string, number>;
  total: number;
}

export interface GameContext {
  gameId: number;
  client: ConnectionClient;
  /** This screen's id for the control lease (null: no lease, the rights alone decide). */
  screenId: string | null;
  /** The last control state the server sent (null until it did). */
  control: ControlState | null;
  /** The game and its questions as loaded (null until loaded). */
  loaded: LoadedGame | null;
  /** The question actors this game spawned, by question id (system ids `question-<id>`). */
  questions: Record<number, QuestionActorRef>;
  /** Status of every question of the game, by id (kept up to date from the questions and the server). */
  questionStatuses: Record<number, QuestionStatus>;
  playerCount: number;
  counts: LiveCounts | null;
  ranking: Ranking | null;
  /** The last operator snapshot and when it arrived (local ms): the live question's remaining time. */
  operatorSnapshot: { value: OperatorSnapshot; receivedAt: number } | null;
  error: string | null;
  /** The pre-flight check before the first question. */
  preflight: PreflightState;
  /** The game's rehearsal as the server last said: simulated players asked for (0: none) and joined. */
  rehearsal: { players: number; joined: number };
  /** The question shown last (on screen, or the last one played); null before the first. */
  currentQuestionId: number | null;
  /** The game's autopilot as the server last said (null until it did). */
  autopilot: AutopilotState | null;
  /** The title card up on the display and the phones (null: none). */
  stageMessage: StageMessage | null;
}

/** A question's operator event, forwarded by the game to the question's actor. */
export type QuestionStepType = 'host.publishNow' | 'host.confirmPublish' | 'host.cancelPublish' | 'host.publishRanking' | 'host.retryPublish';

export type GameEvent =
  /** The operator retries loading the game after a failure. */
  | { type: 'host.retry' }
  /** The operator pressed a question's show button; the game lets only one question be live. */
  | { type: 'host.showQuestion'; questionId: number }
  /** The operator's other steps on a question (publish now and its dialog, publish ranking, retry a publish). */
  | { type: QuestionStepType; questionId: number }
  /** The operator runs the pre-flight check (again), with the audience they expect. */
  | { type: 'host.runPreflight'; expectedAudience: number | null }
  /** The operator acknowledges the pre-flight's blocking problems (or a check that could not run): the show may start. */
  | { type: 'host.acknowledgePreflight' }
  /** The operator pressed the game-over button: asks 確定要結束遊戲嗎？ first. */
  | { type: 'host.endGame' }
  | { type: 'host.confirm' }
  | { type: 'host.cancel' }
  /** This screen asks for control; the holder hands it over (accept), keeps it (decline) or gives it up (release). */
  | { type: 'host.requestControl' }
  | { type: 'host.acceptControl' }
  | { type: 'host.declineControl' }
  | { type: 'host.releaseControl' }
  /** The operator switches the rehearsal on with this many simulated players (before the first question), or off. */
  | { type: 'host.startRehearsal'; players: number }
  | { type: 'host.stopRehearsal' }
  /** The operator pauses the autopilot's clock, or starts it again. */
  | { type: 'host.pauseAutopilot' }
  | { type: 'host.resumeAutopilot' }
  /** The operator puts a title card up on the display and the phones (replacing the one up), or takes it off (null). */
  | { type: 'host.setStageMessage'; message: StageMessage | null }
  /** The game's autopilot now: paused, resumed, its settings changed, or its next step after a step (operator topic). */
  | { type: 'server.autopilot'; autopilot: AutopilotState }
  /** The stage message put up, replaced or taken off (operator topic). */
  | { type: 'server.stageMessage'; message: StageMessage | null }
  /** The game's rehearsal started, its bots joined, or it ended (operator topic). */
  | { type: 'server.rehearsal'; rehearsal: RehearsalState }
  /** Raised by the game itself once the autopilot's state is stored (loaded, or a snapshot): the autopilot region goes where it says. */
  | { type: 'autopilot.stored' }
  /** Raised by the game itself once loaded: the rehearsal region goes where the loaded game says. */
  | { type: 'rehearsal.loaded' }
  /** Who holds control of the game now (operator topic, and the screen's own topic when it subscribes). */
  | { type: 'server.control'; control: ControlState }
  /** The signed-in admin holds `triviaGame.control` (or no longer does): controlling or only watching. */
  | { type: 'session.rights'; canControl: boolean }
  /** A question actor of this game reports its status (its own call succeeded, or the server said so). */
  | { type: 'question.statusChanged'; questionId: number; status: QuestionStatus }
  /** The real-time channel (operator topic), translated by the `operatorTopic` actor. */
  | { type: 'server.snapshot'; snapshot: OperatorSnapshot; receivedAt: number }
  /** `deadline` and `serverTime` in ms on the server's clock (the connection's estimate of it). */
  | { type: 'server.questionShown'; questionId: number; deadline: number | null; serverTime: number }
  | { type: 'server.answerCount'; questionId: number; counts: Record<string, number>; total: number }
  | { type: 'server.answerPublished'; questionId: number; counts: Record<string, number>; total: number }
  | { type: 'server.rankingPublished'; questionId: number | null; ranking: Ranking }
  | { type: 'server.playerJoined'; count: number }
  | { type: 'server.gameEnded' }
  /** The game was reset after a rehearsal: everything is read again. */
  | { type: 'server.gameReset' }
  /** Raised by the game itself: read the top 10 again. */
  | { type: 'ranking.refresh' };

export type GameEventType = GameEvent['type'];

/** What the operator topic actor is given: the topic of this game on the tab's realtime client. */
export interface OperatorTopicInput {
  topic: string;
  /** The screen's own topic (`game:<id>:screen:<screen_id>`): listening to it is the screen's presence; null without a lease. */
  screenTopic: string | null;
  client: ConnectionClient;
}
