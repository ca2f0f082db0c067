/**
 * Types of the player machine: one player's phone through a live game. Its context, the events (the
 * player's taps, the real-time channel, the clock) and the contracts of the injected calls
 * (POST /api/play/join, /state, /answer) and of the live link (the game's topic). Pure types only.
 */
import type { QuestionType } from '../../src/domain/question-kinds/kind.js';
import type { ConnectionClient } from '../connection/connection.machine.js';

export interface PlayerOption {
  title: string;
  text: string;
  img: string;
}

/** A slider's scale as players see it (the contract's PublicSlider). */
export interface PublicSlider {
  min: number;
  max: number;
  step: number;
  unit: string;
}

/**
 * An answer as the phone sends it (the play API's AnswerRequest without the question): `choices`
 * (kinds 1–4, and every title in the chosen order for ordering), `text` (type answer) or `value`
 * (slider), as the question's kind asks.
 */
export interface AnswerParts {
  choices?: string[];
  text?: string;
  value?: number;
}

/** What the reveal shows beyond the correct options, once published (the contract's Reveal). */
export interface PlayerReveal {
  /** Sanitized HTML from the server (bold, italic, links); '' when none. */
  explanation: string;
  acceptedAnswers: string[];
  sliderAnswer: number | null;
  sliderTolerance: number | null;
}

/** A question as players see it: never the correct answer before it is published. */
export interface PublicQuestion {
  id: number;
  title: string;
  questionText: string;
  questionImg: string;
  /** The question's kind (src/domain/question-kinds). */
  questionType: QuestionType;
  options: PlayerOption[];
  /** A slider question's scale (never its answer); null (or absent) for the other kinds. */
  slider?: PublicSlider | null;
  /** The level number (level games); null otherwise. */
  level: number | null;
  isBonus: boolean;
  /** Where the page has them (the contract's question): a video to play first, and the answering seconds. */
  preVideoUrl?: string;
  answeringSeconds?: number | null;
}

/** The player's view from POST /api/play/state (what a reload or reconnect resumes from). */
export interface PlayerView {
  /** The server's clock when it answered, ms since epoch. */
  serverTime: number;
  gameEnded: boolean;
  question: null | {
    question: PublicQuestion;
    /** 1 shown, 2/3 answer published. */
    status: 1 | 2 | 3;
    /** ms since epoch on the server's clock; null when untimed. */
    deadline: number | null;
    /** Whether this player may still answer it (in time, in the open time, level reached, not answered). */
    canAnswer: boolean;
    /** The correct options (the correct order for ordering), once published. */
    answer: string[] | null;
    /** The rest of the reveal, once published (absent where the page does not know it). */
    reveal?: PlayerReveal | null;
    /** Why this player may not answer (the contract's `refusal`), when the page knows it. */
    refusal?: string | null;
  };
  /** `elapsedMs`: from the question being shown to the server's receipt (the player's receipt shows it). */
  myAnswer: null | { choices: string[]; text?: string | null; value?: number | null; correct: boolean | null; points: number | null; elapsedMs?: number };
  score: number;
  /** The highest level reached (level games); null otherwise. */
  levelReached: number | null;
  /** The player's position in the last published ranking, and the question it was published after. */
  rank: null | { position: number; total: number; questionId: number | null };
  /** Who this phone plays as and in which game (after a reload the join's answer is gone). */
  nickname?: string;
  gameTitle?: string;
  /** This player's id (the public topic's `server.disqualified` names a player by it). */
  playerId?: number;
  /** Set while the operator has disqualified this player: the reason they gave (the phone shows it). */
  disqualified?: { reason: string } | null;
}

export interface PlayerIdentity {
  id: number;
  nickname: string;
  gameId: number;
}

export interface PlayerInput {
  /** The token kept in local storage, if this phone joined before. */
  token: string | null;
  /** An answer of this token kept in local storage that the server has not decided yet (resent first). */
  pending?: PendingAnswer | null;
  /**
   * The page's realtime client, held by the `connection` child while the phone plays (none: the
   * machine never connects, as in the machine tests).
   */
  client?: ConnectionClient;
  /**
   * This phone's clock (the page's Date.now). With it a running countdown is read at every tick
   * from when it ends on this clock, so timers that fire late never add up, and a measured clock
   * offset corrects it; without it (the machine tests on a simulated clock) each tick takes exactly
   * the time to the next whole second off. Default: Date.now when there is a `client` (the page).
   */
  now?: () => number;
}

/**
 * What the injected `gameEvents` actor is given: the token whose ticket opens the game's topic, and
 * a read of the phone's current view (to tell whether the first snapshot shows something it lacks).
 */
export interface GameEventsInput {
  token: string;
  view: () => PlayerView | null;
}

/**
 * An answer tapped but not decided by the server yet: the network was down when it was sent. Kept
 * (local storage) and resent when the connection returns; the server judges it by its own receipt
 * time. `tappedAt`: this phone's clock at the tap, ms since epoch — shown to the player, never sent.
 */
export interface PendingAnswer extends AnswerParts {
  questionId: number;
  tappedAt: number;
}

/** The server refused a pending answer when it finally arrived: its sentence, and when it was tapped. */
export interface PendingRefusal {
  message: string;
  tappedAt: number;
}

/** The game a join was refused for because it has ended: its title and final ranking (top entries). */
export interface EndedGame {
  title: string;
  ranking: null | { total: number; list: Array<{ rank: number; nickname: string; score: number; level: number }> };
}

export interface PlayerContext {
  token: string | null;
  player: PlayerIdentity | null;
  /** The last view the server gave (or the events patched). */
  view: PlayerView | null;
  /** Server clock minus this phone's clock, ms (from the WebSocket's ping/pong). */
  clockOffsetMs: number;
  /** ms left to answer while answering and timed; null otherwise. */
  remainingMs: number | null;
  /** With `now`: when the running countdown reaches 0 on this phone's clock (ms since epoch); null otherwise. */
  endsAt: number | null;
  /** The input's `now` (null: ticks count down by themselves). */
  now: (() => number) | null;
  error: string | null;
  /** The answer on its way or waiting for the network; null once the server decided. */
  pending: PendingAnswer | null;
  /** Failed attempts to deliver `pending` since it was tapped (the backoff of the next one). */
  pendingAttempts: number;
  /** Why the server refused the last pending answer (until the next question or tap). */
  refusal: PendingRefusal | null;
  /** Set when a join was refused because the game has ended. */
  endedGame: EndedGame | null;
  /** The page's realtime client (null: never connects). */
  client: ConnectionClient | null;
  /** Players joined, from the game's topic (null until it told). */
  playerCount: number | null;
  /** The answers per option published with the last answer, and its question; null until then and from the next question on. */
  votes: (Votes & { questionId: number }) | null;
}

/** How many answers chose each option (the contract's AnswerCounts), as the game's topic publishes them. */
export interface Votes {
  counts: Record<string, number>;
  total: number;
}

export interface JoinInput {
  pin: string;
  nickname: string;
}
export interface JoinOutput {
  token: string;
  player: PlayerIdentity;
}
export interface TokenInput {
  token: string;
}
export interface AnswerInput extends AnswerParts {
  token: string;
  questionId: number;
}

/** What the server stored (the answer is acknowledged only after it was committed). */
export interface AnswerOutput {
  choices: string[];
  text?: string | null;
  value?: number | null;
  /** From the question being shown to the server's receipt, ms. */
  elapsedMs?: number;
}

/** A call could not reach the server (no network, no reply, a server failure): nothing was decided. */
export interface Unreachable {
  unreachable: true;
  message: string;
}

/** A join refused because the game has ended (code 201 with the game's final results). */
export interface JoinedEndedGame {
  gameEnded: true;
  message: string;
  game: EndedGame;
}

/** A call failed because the player token is unknown (code 202): join again. */
export interface RejectedToken {
  tokenRejected: true;
  message: string;
}

export type PlayerEvent =
  | { type: 'player.join'; pin: string; nickname: string }
  /**
   * The answer as the kind's input gives it (AnswerParts: choices, text or value); `tappedAt`: this
   * phone's clock at the tap (ms since epoch), kept with the answer while it waits.
   */
  | ({ type: 'player.answer'; tappedAt: number } & AnswerParts)
  /** From the ended game's results back to the join form. */
  | { type: 'player.back' }
  /** After a failure to reach the server: try again. */
  | { type: 'player.retry' }
  /**
   * A new estimate of the clock offset (server time − local time): `measured` once from a ping/pong
   * (at mid-flight), else rough (a frame's server time, its time in flight ignored).
   */
  | { type: 'clock.synced'; offsetMs: number; measured?: boolean }
  /** The WebSocket reconnected: whatever was missed is read again from the server. */
  | { type: 'connection.reconnected' }
  /** The browser says the network is back (`online`): a waiting answer goes at once. */
  | { type: 'connection.online' }
  /** `receivedAt`: this phone's clock when the event arrived. */
  | { type: 'server.questionShown'; question: PublicQuestion; deadline: number | null; receivedAt: number }
  /** `votes`: the answers per option the topic published with it (the phone shows a poll's votes). */
  | { type: 'server.answerPublished'; questionId: number; votes?: Votes }
  | { type: 'server.rankingPublished'; questionId: number | null }
  | { type: 'server.gameEnded' }
  /** The game's topic told how many players have joined. */
  | { type: 'server.playerCount'; count: number };

export type PlayerEventType = PlayerEvent['type'];
