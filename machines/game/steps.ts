/**
 * The game-flow steps (2 show, 3 publish answer, 4 publish ranking, 5 end game) checked
 * against the very charts that draw the control screen's buttons, so the server and the UI cannot
 * disagree: the stored statuses are restored into a game and a question snapshot, and a step is legal
 * exactly when the chart accepts the operator's events for it (`can`), its result being the state the
 * chart reaches when the call succeeds (pure `transition`, nothing runs).
 * A step that is not legal but whose result is already where the chart is (a double click, the
 * countdown racing the button) is "already" rather than refused: the caller answers it as a success
 * that changed nothing.
 * Pure: used by the server (features/live) inside the transaction that applies the step.
 */
import { initialTransition, transition, type EventFromLogic } from 'xstate';
import { questionMachine, type QuestionSnapshot } from '../question/question.machine.js';
import { selectStatus } from '../question/selectors.js';
import type { GameFlowStep, QuestionStatus } from '../question/types.js';
import { gameMachine, NO_CLIENT, type GameSnapshot } from './game.machine.js';
import { takesNoAnswers } from './setup.js';
import type { AutopilotMode, GameStatus } from './types.js';

type QuestionModelEvent = EventFromLogic<typeof questionMachine> | { type: `xstate.done.actor.${string}`; output: unknown };
type GameModelEvent = EventFromLogic<typeof gameMachine> | { type: `xstate.done.actor.${string}`; output: unknown };

/** What the operator does for each question step, and what the call's success delivers. */
const QUESTION_STEP_EVENTS: Record<2 | 3 | 4, QuestionModelEvent[]> = {
  2: [{ type: 'host.showQuestion' }, { type: 'xstate.done.actor.showQuestion', output: { deadline: null, serverTime: 0 } }],
  3: [{ type: 'host.publishNow' }, { type: 'host.confirm' }, { type: 'xstate.done.actor.publishAnswer', output: {} }],
  4: [{ type: 'host.publishRanking' }, { type: 'xstate.done.actor.publishRanking', output: {} }],
};
const END_GAME_EVENTS: GameModelEvent[] = [{ type: 'host.endGame' }, { type: 'host.confirm' }, { type: 'xstate.done.actor.endGame', output: {} }];

export type StepRefusal =
  | 'gameEnded'
  | 'questionRequired'
  | 'anotherQuestionLive'
  | 'questionAlreadyPlayed'
  | 'questionNotShown'
  | 'answerNotPublished';

export type StepOutcome =
  /** Apply it: the question moves to `questionStatus` (steps 2–4), or the game ends (step 5). */
  | { kind: 'apply'; questionStatus: QuestionStatus | null; endsGame: boolean }
  /** Nothing to do: the step's result is already the current state. */
  | { kind: 'already'; questionStatus: QuestionStatus | null; endsGame: boolean }
  | { kind: 'refused'; reason: StepRefusal };

export interface StepInput {
  step: GameFlowStep;
  game: {
    id: number;
    status: GameStatus;
    liveQuestionId: number | null;
    anyQuestionSent: boolean;
    /**
     * The live question's `question_type`, when the caller knows it: a content slide (8) does not
     * block showing the next question (the server closes the slide in the same transaction).
     */
    liveQuestionType?: number;
  };
  /** The question the step names (steps 2–4). */
  question: { id: number; status: QuestionStatus } | null;
}

/** A question chart restored at a stored status (the same `restoring` a reloaded control screen runs). */
export function restoreQuestion(id: number, status: QuestionStatus): QuestionSnapshot {
  const [snapshot] = initialTransition(questionMachine, { questionId: id, status, timed: false, answeringSeconds: 1 });
  return snapshot;
}

/** A game chart restored from the stored game (its autopilot at `autopilot`: the server's mode). */
export function restoreGame(game: StepInput['game'], autopilot: AutopilotMode = 'off'): GameSnapshot {
  // A live content slide is closed by whatever is shown next: it holds nothing.
  const holding = game.liveQuestionId !== null && !(game.liveQuestionType !== undefined && takesNoAnswers({ question_type: game.liveQuestionType }));
  const questionStatuses: Record<number, QuestionStatus> = holding && game.liveQuestionId !== null ? { [game.liveQuestionId]: 1 } : {};
  // The pre-flight gate is the control screen's (not kept by the server): a stored game is past it.
  const open = game.anyQuestionSent || game.liveQuestionId !== null ? 'running' : { ready: 'cleared' as const };
  return gameMachine.resolveState({
    value: { flow: game.status === 0 ? { ended: 'closed' } : { open }, rights: { controlling: 'holding' }, rehearsal: 'off', autopilot, stage: 'idle', ranking: 'idle' },
    context: {
      gameId: game.id,
      client: NO_CLIENT,
      screenId: null,
      control: null,
      loaded: null,
      questions: {},
      questionStatuses,
      playerCount: 0,
      counts: null,
      ranking: null,
      operatorSnapshot: null,
      error: null,
      preflight: { report: null, error: null, expectedAudience: null },
      // The server's step rules do not depend on a rehearsal: its bots play as players do.
      rehearsal: { players: 0, joined: 0 },
      currentQuestionId: game.liveQuestionId,
      autopilot: null,
      stageMessage: null,
    },
  });
}

/** Runs the events through the chart; null as soon as one is not accepted. */
export function run<S extends QuestionSnapshot | GameSnapshot>(logic: typeof questionMachine | typeof gameMachine, snapshot: S, events: unknown[]): S | null {
  let current = snapshot;
  for (const event of events) {
    if (!current.can(event as never)) return null;
    [current] = transition(logic as never, current as never, event as never) as unknown as [S];
  }
  return current;
}

/** The tags a question has after `step` succeeded from wherever it is legal (derived from the chart, cached). */
const stepResultTags = new Map<number, string[]>();
function resultTagsOf(step: 2 | 3 | 4): string[] {
  let tags = stepResultTags.get(step);
  if (!tags) {
    tags = [];
    for (const status of [0, 1, 2, 3] as const) {
      const after = run(questionMachine, restoreQuestion(0, status), QUESTION_STEP_EVENTS[step]);
      if (after) {
        tags = [...after.tags];
        break;
      }
    }
    stepResultTags.set(step, tags);
  }
  return tags;
}

function refusalFor(step: 2 | 3 | 4, status: QuestionStatus): StepRefusal {
  if (step === 2) return 'questionAlreadyPlayed';
  return status === 0 ? 'questionNotShown' : 'answerNotPublished';
}

export function resolveGameFlowStep(input: StepInput): StepOutcome {
  const game = restoreGame(input.game);
  if (input.step === 5) {
    if (run(gameMachine, game, END_GAME_EVENTS)) return { kind: 'apply', questionStatus: null, endsGame: true };
    return { kind: 'already', questionStatus: null, endsGame: true };
  }
  if (game.matches({ flow: 'ended' })) return { kind: 'refused', reason: 'gameEnded' };
  if (!input.question) return { kind: 'refused', reason: 'questionRequired' };

  const step = input.step;
  const question = restoreQuestion(input.question.id, input.question.status);
  const after = run(questionMachine, question, QUESTION_STEP_EVENTS[step]);
  if (after) {
    if (step === 2 && !game.can({ type: 'host.showQuestion', questionId: input.question.id })) return { kind: 'refused', reason: 'anotherQuestionLive' };
    return { kind: 'apply', questionStatus: selectStatus(after), endsGame: false };
  }
  const wanted = resultTagsOf(step);
  if (wanted.length > 0 && wanted.every((tag) => question.hasTag(tag as never))) {
    return { kind: 'already', questionStatus: input.question.status, endsGame: false };
  }
  return { kind: 'refused', reason: refusalFor(step, input.question.status) };
}

/** Whether the chart accepts `step` now (the server's refusal and the UI's disabled button agree). */
export const canApplyStep = (input: StepInput): boolean => resolveGameFlowStep(input).kind === 'apply';

/** The question status `step` leads to from `status`, or null when the chart does not take it. */
export function nextQuestionStatus(status: QuestionStatus, step: 2 | 3 | 4): QuestionStatus | null {
  const after = run(questionMachine, restoreQuestion(0, status), QUESTION_STEP_EVENTS[step]);
  return after ? selectStatus(after) : null;
}
