/**
 * Pausing and resuming a game's autopilot (/triviaGame/autopilot), checked against the game chart's
 * `autopilot` region (machines/game/autopilot-region.ts), the one that draws the control screen's
 * pause and resume buttons, so the server and the screen agree (as machines/game/steps.ts does for
 * the game-flow steps): the server's mode is restored into a game chart, and an action is applied
 * exactly when the chart accepts it (`can`). An action whose result is already the mode (a double
 * click, two screens) is "already": the server answers it as a success that changed nothing. An
 * autopilot that is off (not enabled, or the game ended) refuses both. Pure.
 */
import type { AutopilotMode } from './autopilot.js';
import { gameMachine, type GameSnapshot } from './game.machine.js';
import { restoreGame, run } from './steps.js';
import type { GameEvent } from './types.js';

export type AutopilotAction = 'pause' | 'resume';
export type AutopilotActionOutcome = 'apply' | 'already' | 'refused';

const MODES: readonly AutopilotMode[] = ['off', 'running', 'paused'];

/** The operator's event, and the call's success (the server's answer: the autopilot in the mode the action leads to). */
const eventsOf = (action: AutopilotAction, answered: AutopilotMode): unknown[] => [
  { type: action === 'pause' ? 'host.pauseAutopilot' : 'host.resumeAutopilot' } satisfies GameEvent,
  { type: 'xstate.done.actor.autopilotCall', output: { trivia_game_id: 0, state: answered, next_step: null, due_at: null, remaining_ms: null } },
];

/** The game chart restored with its autopilot at `mode` (an open game under way, this screen controlling). */
const restored = (mode: AutopilotMode): GameSnapshot => restoreGame({ id: 0, status: 1, liveQuestionId: null, anyQuestionSent: true }, mode);

/** What the server answers a successful action with: the autopilot paused, or running again (the contract's AutopilotState). */
const ANSWER: Record<AutopilotAction, AutopilotMode> = { pause: 'paused', resume: 'running' };

/** The region's mode after the action succeeded from wherever the chart takes it (derived from the chart, cached). */
const results = new Map<AutopilotAction, AutopilotMode | null>();
function resultOf(action: AutopilotAction): AutopilotMode | null {
  if (!results.has(action)) {
    let result: AutopilotMode | null = null;
    for (const from of MODES) {
      const after = run(gameMachine, restored(from), eventsOf(action, ANSWER[action]));
      result ??= after ? (MODES.find((m) => after.matches({ autopilot: m })) ?? null) : null;
    }
    results.set(action, result);
  }
  return results.get(action) ?? null;
}

export function resolveAutopilotAction(mode: AutopilotMode, action: AutopilotAction): AutopilotActionOutcome {
  const game = restored(mode);
  if (game.can({ type: action === 'pause' ? 'host.pauseAutopilot' : 'host.resumeAutopilot' })) return 'apply';
  return resultOf(action) === mode ? 'already' : 'refused';
}
