/**
 * A game's autopilot read from its stored rows: the facts the rules ask for (the game's settings and
 * clock, its questions' statuses in the game's order, the deadline of the question on screen), the
 * next step (machines/game/next-step.ts) and when the server takes it (machines/game/autopilot.ts),
 * as the contract's AutopilotState (`server.autopilot`, /triviaGame/autopilot). The rules are the
 * machines' modules; this only reads what they need.
 */
import type { components } from '@openapi/admin-api';
import { ANSWER_GRACE_MS } from '../../../../domain/scoring.js';
import { kindOf } from '../../../../domain/question-kinds/index.js';
import { autopilotDueAt, autopilotMode, autopilotRemainingMs, type AutopilotFacts } from '../../../../../machines/game/autopilot.js';
import { nextStepOf } from '../../../../../machines/game/next-step.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import * as q from '../queries.js';
import { deadlineOf, gameTopic, iso } from '../views.js';

export type AutopilotState = components['schemas']['AutopilotState'];
export const AUTOPILOT_EVENT = 'server.autopilot';

export interface AutopilotReading {
  state: AutopilotState;
  facts: AutopilotFacts;
  /** When the server takes the next step (ms), null when it does not. */
  dueAt: number | null;
  /** The title of the step's question, if it names one (the audit trail's summary). */
  questionTitle: string | null;
}

/** The clock's facts kept on the game's row (after a lock, the guard of a step compares these). */
export function clockFacts(game: q.GameRow): Pick<AutopilotFacts, 'settings' | 'ended' | 'pausedAt' | 'pausedMs' | 'lastStepAt'> {
  return {
    settings: game.autoAdvance,
    ended: game.status !== 1,
    pausedAt: game.autopilotPausedAt?.getTime() ?? null,
    pausedMs: game.autopilotPausedMs,
    lastStepAt: game.lastStepAt?.getTime() ?? null,
  };
}

/** The game's autopilot now, read from its rows (its questions' statuses, the question on screen). */
export async function readAutopilot(db: q.Queryable, game: q.GameRow): Promise<AutopilotReading> {
  const clock = clockFacts(game);
  const rows = clock.ended ? [] : await q.questionsInOrder(db, game.id);
  const takesNoAnswers = (questionType: number) => !kindOf(questionType).answerable;
  const step = nextStepOf({
    ended: clock.ended,
    questions: rows.map((row) => ({ id: row.id, status: row.status as 0 | 1 | 2, takesNoAnswers: takesNoAnswers(row.questionType) })),
    currentQuestionId: game.currentQuestionId,
  });
  const onScreen = rows.find((row) => row.status === 1);
  const liveTakesNoAnswers = onScreen ? takesNoAnswers(onScreen.questionType) : false;
  let deadline: number | null = null;
  if (step?.type === 3 && onScreen && !liveTakesNoAnswers) {
    const live = await q.liveQuestion(db, game.id);
    deadline = live ? (deadlineOf(game, live)?.getTime() ?? null) : null;
  }
  const facts: AutopilotFacts = { ...clock, step, liveTakesNoAnswers, deadline, graceMs: ANSWER_GRACE_MS };
  const dueAt = autopilotDueAt(facts);
  return {
    state: {
      trivia_game_id: game.id,
      state: autopilotMode(facts),
      next_step: step ? { type: step.type, question_id: step.questionId } : null,
      due_at: dueAt === null ? null : iso(new Date(dueAt)),
      remaining_ms: autopilotRemainingMs(facts),
    },
    facts,
    dueAt,
    questionTitle: rows.find((row) => row.id === step?.questionId)?.title ?? null,
  };
}

/** `server.autopilot` on the game's operator topic. */
export const autopilotEvent = (state: AutopilotState): RealtimeEvent => ({ topic: gameTopic(state.trivia_game_id, 'operator'), type: AUTOPILOT_EVENT, data: state });
