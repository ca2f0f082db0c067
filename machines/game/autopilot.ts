/**
 * The autopilot's clock: when the server takes a game's next step by itself (the game's
 * `auto_advance`, docs/game-rules.md "Autopilot"). The step is the one the stage bar offers
 * (./next-step.ts); this module only says when it is due. Pure: the server's autopilot
 * (src/server/features/live/flow/autopilot.ts) asks it after every step and at start, the control
 * screen shows its answer (`server.autopilot`).
 *
 * - Publishing the answer of a timed question is due at its deadline plus the answers' grace: the
 *   countdown runs whatever happens, so pausing never delays it. An untimed question waits for the
 *   operator.
 * - The other steps are due a number of seconds after the last step taken (`ranking_after_s` for
 *   the ranking; `next_after_s` for the next question, for the next question over a content slide
 *   and for closing the last slide; the end `next_after_s` after the last step when `end_after_last`,
 *   at once when that is 0); 0 seconds means the operator takes that step. The first question is
 *   always the operator's: the show starts when the stage is ready.
 * - Pausing stops that clock: the time paused since the last step is added to it, and while paused
 *   nothing but a countdown's reveal is due.
 */
import type { components } from '../../openapi/admin-api.js';
import type { NextStep } from './next-step.js';

export type AutoAdvance = components['schemas']['AutoAdvance'];
export type AutopilotMode = components['schemas']['AutopilotState']['state'];

/** A game's settings before anyone set them: off, with the times an operator would likely pick. */
export const AUTO_ADVANCE_DEFAULT: AutoAdvance = { enabled: false, reveal: 'at_zero', ranking_after_s: 5, next_after_s: 10, end_after_last: true };

export interface AutopilotFacts {
  settings: AutoAdvance;
  ended: boolean;
  /** When the autopilot was paused (ms since the epoch); null while it runs. */
  pausedAt: number | null;
  /** Time paused since the last step, pauses already resumed (ms). */
  pausedMs: number;
  /** When the last step was taken (ms since the epoch); null before the first question is shown. */
  lastStepAt: number | null;
  /** The step the game is at (nextStepOf). */
  step: NextStep | null;
  /** With step 3: whether the question on screen is a content slide. */
  liveTakesNoAnswers: boolean;
  /** With step 3 on an answerable question: its deadline (ms), null when untimed. */
  deadline: number | null;
  /** The answers' grace after a deadline (ms). */
  graceMs: number;
}

export function autopilotMode(facts: Pick<AutopilotFacts, 'settings' | 'ended' | 'pausedAt'>): AutopilotMode {
  if (!facts.settings.enabled || facts.ended) return 'off';
  return facts.pausedAt === null ? 'running' : 'paused';
}

/** Whether the step is a countdown's reveal (due at the deadline, never paused). */
const isReveal = (facts: AutopilotFacts): boolean => facts.step?.type === 3 && !facts.liveTakesNoAnswers;

/** The step's clock (seconds after the last step), or null when the operator takes it. */
function delaySeconds(facts: AutopilotFacts): number | null {
  const { settings, step } = facts;
  if (!step || facts.lastStepAt === null) return null;
  switch (step.type) {
    case 4:
      return settings.ranking_after_s > 0 ? settings.ranking_after_s : null;
    case 5:
      return settings.end_after_last ? settings.next_after_s : null;
    default:
      return settings.next_after_s > 0 ? settings.next_after_s : null;
  }
}

/** When the server takes the next step while running (ms since the epoch, ignoring a pause); null when the operator does. */
function clockDueAt(facts: AutopilotFacts): number | null {
  if (isReveal(facts)) return facts.deadline === null ? null : facts.deadline + facts.graceMs;
  const delay = delaySeconds(facts);
  return delay === null || facts.lastStepAt === null ? null : facts.lastStepAt + delay * 1000 + facts.pausedMs;
}

/** When the server takes the next step (ms since the epoch); null when the operator takes it, the autopilot is off, or paused. */
export function autopilotDueAt(facts: AutopilotFacts): number | null {
  const mode = autopilotMode(facts);
  if (mode === 'off') return null;
  if (mode === 'paused' && !isReveal(facts)) return null;
  return clockDueAt(facts);
}

/** While paused: the time the next step's clock had left when it stopped (ms); null otherwise. */
export function autopilotRemainingMs(facts: AutopilotFacts): number | null {
  if (autopilotMode(facts) !== 'paused' || isReveal(facts) || facts.pausedAt === null) return null;
  const due = clockDueAt(facts);
  return due === null ? null : Math.max(0, due - facts.pausedAt);
}
