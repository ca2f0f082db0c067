/**
 * Types of the question machine: one live question as the control screen drives it. Its context,
 * the events it listens to (namespaced by who speaks) and the contracts of the injected calls.
 * Pure types only; nothing here may import the API client, React or the server.
 */

/**
 * The question's stored status (docs/game-rules.md): 0 not sent, 1 shown, 2 answer published,
 * 3 ranking published (2 and 3 both "answer published").
 */
export type QuestionStatus = 0 | 1 | 2 | 3;

/** The game-flow steps (docs/game-rules.md): 2 show, 3 publish answer, 4 publish ranking, 5 end game. */
export type GameFlowStep = 2 | 3 | 4 | 5;

export interface QuestionInput {
  questionId: number;
  /** The stored status, so a reloaded control screen resumes where the game is. */
  status: QuestionStatus;
  /** Whether answering is limited in time (a speed contest always is). */
  timed: boolean;
  answeringSeconds: number;
  /**
   * For a question restored in status 1: milliseconds left as the server computed them
   * (deadline − server_time of the same response); null when untimed.
   */
  remainingMs?: number | null;
}

export interface QuestionContext {
  questionId: number;
  timed: boolean;
  answeringSeconds: number;
  /** Milliseconds left on the countdown while shown and timed; null otherwise. */
  remainingMs: number | null;
  /** How many times a ranking was published after this question (re-publishing is allowed). */
  rankingsPublished: number;
  /** The message of the last failed call, shown until the next step starts. */
  error: string | null;
  /** The stored status the chart started from; read by `restoring` only (afterwards the state says it). */
  restoredStatus: QuestionStatus;
}

/** What the server says a shown question's timing is: its deadline and its clock at that moment. */
export interface ShownTiming {
  /** ms since epoch on the server's clock; null when untimed. */
  deadline: number | null;
  serverTime: number;
}

export type QuestionEvent =
  /** The operator pressed 出題 (show question). */
  | { type: 'host.showQuestion' }
  /** The operator pressed 公佈答案 before the countdown ended: asks 是否公佈答案 first. */
  | { type: 'host.publishNow' }
  /** The operator confirmed the dialog. */
  | { type: 'host.confirm' }
  /** The operator cancelled the dialog. */
  | { type: 'host.cancel' }
  /** The operator pressed 公佈排名 (allowed again after a ranking was published). */
  | { type: 'host.publishRanking' }
  /** The operator retries a publish that failed after the countdown ended. */
  | { type: 'host.retry' }
  /** The real-time channel: the question was shown (by this screen or another one). */
  | ({ type: 'server.questionShown' } & ShownTiming)
  /** The real-time channel: the answer was published (by the countdown or a button anywhere). */
  | { type: 'server.answerPublished' }
  /** The real-time channel: a ranking was published after this question. */
  | { type: 'server.rankingPublished' };

export type QuestionEventType = QuestionEvent['type'];

/** Input of the injected calls (POST /triviaGame/gameFlow with the matching step). */
export interface QuestionCallInput {
  questionId: number;
}
