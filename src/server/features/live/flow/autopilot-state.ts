/**
 * A game's autopilot read from its stored rows for the server's autopilot (./autopilot.ts): the
 * reading the admin API and the operator's snapshot share (machines/game/autopilot-state.ts: the
 * facts, the next step, when it is due), plus what the autopilot keeps of it — the due time as a
 * number and the title of the step's question for the audit trail.
 */
import { autopilotDueAt, type AutopilotFacts } from '../../../../../machines/game/autopilot.js';
import { autopilotFactsOf, autopilotNeedsQuestions, autopilotStateOf, type AutopilotState } from '../../../../../machines/game/autopilot-state.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import * as q from '../queries.js';
import { gameTopic } from '../views.js';

export type { AutopilotState };
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

/** The game's autopilot now, read from its rows (its questions only when it is on). */
export async function readAutopilot(db: q.Queryable, game: q.GameRow): Promise<AutopilotReading> {
  const rows = autopilotNeedsQuestions(game) ? await q.questionsInOrder(db, game.id) : [];
  const facts = autopilotFactsOf(game, rows);
  return {
    state: autopilotStateOf(game, rows),
    facts,
    dueAt: autopilotDueAt(facts),
    questionTitle: rows.find((row) => row.id === facts.step?.questionId)?.title ?? null,
  };
}

/** `server.autopilot` on the game's operator topic. */
export const autopilotEvent = (state: AutopilotState): RealtimeEvent => ({ topic: gameTopic(state.trivia_game_id, 'operator'), type: AUTOPILOT_EVENT, data: state });
