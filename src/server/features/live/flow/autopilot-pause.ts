/**
 * Pausing and resuming a game's autopilot (POST /triviaGame/autopilot): only from the screen holding
 * control (the control lease, as a step), only with the autopilot on and the game not ended. Pausing
 * stops the clock of the next step at `now`; resuming adds the time paused to it
 * (machines/game/autopilot.ts). Which of apply / already / refused is the game chart's rule
 * (machines/game/autopilot-steps.ts), shared with the control screen.
 */
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import type { MessageKey } from '../../../i18n.js';
import { autopilotMode } from '../../../../../machines/game/autopilot.js';
import { resolveAutopilotAction, type AutopilotAction } from '../../../../../machines/game/autopilot-steps.js';
import * as q from '../queries.js';
import { requireControl } from '../control/lease.js';
import { clockFacts, readAutopilot, type AutopilotState } from './autopilot-state.js';

export interface AutopilotInput {
  trivia_game_id: number;
  action: AutopilotAction;
  screen_id?: string;
}

export interface AutopilotOutcome {
  state: AutopilotState;
  changed: boolean;
  messageKey: MessageKey;
}

const MESSAGES: Record<AutopilotAction, { apply: MessageKey; already: MessageKey }> = {
  pause: { apply: 'live.autopilot.paused', already: 'live.autopilot.alreadyPaused' },
  resume: { apply: 'live.autopilot.resumed', already: 'live.autopilot.alreadyRunning' },
};

export async function pauseOrResume(db: Db, companyId: number, adminId: number, input: AutopilotInput, now: Date): Promise<AutopilotOutcome> {
  return db.transaction(async (tx) => {
    let game = await q.lockGame(tx, companyId, input.trivia_game_id);
    if (!game) throw recordNotFound();
    await requireControl(tx, game.id, input.screen_id ?? null, adminId, now);
    const outcome = resolveAutopilotAction(autopilotMode(clockFacts(game)), input.action);
    if (outcome === 'refused') throw businessError('live.autopilot.off');
    if (outcome === 'apply') {
      const pausedAt = game.autopilotPausedAt;
      const pause =
        input.action === 'pause'
          ? { autopilotPausedAt: now, autopilotPausedMs: game.autopilotPausedMs }
          : { autopilotPausedAt: null, autopilotPausedMs: game.autopilotPausedMs + Math.max(0, now.getTime() - (pausedAt?.getTime() ?? now.getTime())) };
      game = (await q.setAutopilotPause(tx, game.id, pause)) ?? game;
    }
    const { state } = await readAutopilot(tx, game);
    return { state, changed: outcome === 'apply', messageKey: MESSAGES[input.action][outcome] };
  });
}
