/**
 * Pausing and resuming a game's autopilot (/triviaGame/autopilot), the rule the server applies and
 * the control screen's buttons show: pause only a running autopilot, resume only a paused one. An
 * action whose result is already the state (a double click, two screens) is "already": the server
 * answers it as a success that changed nothing. An autopilot that is off (not enabled, or the game
 * ended) refuses both. Pure.
 */
import type { AutopilotMode } from './autopilot.js';

export type AutopilotAction = 'pause' | 'resume';
export type AutopilotActionOutcome = 'apply' | 'already' | 'refused';

/** The mode an action leads to. */
const RESULT: Record<AutopilotAction, AutopilotMode> = { pause: 'paused', resume: 'running' };

export function resolveAutopilotAction(mode: AutopilotMode, action: AutopilotAction): AutopilotActionOutcome {
  if (mode === 'off') return 'refused';
  return mode === RESULT[action] ? 'already' : 'apply';
}
