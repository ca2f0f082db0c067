/** The admin API's /triviaGame/rehearsal (rehearsal.ts): start or stop a game's simulated players. */
import type { components } from '@openapi/admin-api';
import type { OperationHandlers } from '../../contract/handlers.js';
import { FieldErrors, success } from '../../lib/envelope.js';
import { translate } from '../../i18n.js';
import { requireAuth } from '../access/plugin.js';
import { noteAudit } from '../../lib/audit-note.js';
import { MAX_REHEARSAL_PLAYERS } from './bot-swarm.js';

type Schemas = components['schemas'];

export const rehearsalHandlers: OperationHandlers = {
  async triviaGameRehearsal(request) {
    const { adminId } = requireAuth(request);
    const { trivia_game_id, action, players, right_rate, screen_id } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: trivia_game_id });
    if (action === 'start') {
      if (players === undefined) throw new FieldErrors({ players: [translate(request.lang, 'rehearsal.playersRequired', { max: MAX_REHEARSAL_PLAYERS })] });
      const state = await request.server.rehearsals.start(request.companyId, adminId, { trivia_game_id, players, right_rate, screen_id: screen_id ?? null });
      noteAudit(request, { summary: `start: ${players} simulated players${right_rate === undefined ? '' : `, right ${Math.round(right_rate * 100)}%`}` });
      return success(state satisfies Schemas['RehearsalState'], 'rehearsal.started', { players });
    }
    const { state, reset } = await request.server.rehearsals.stop(request.companyId, adminId, { trivia_game_id, screen_id: screen_id ?? null });
    noteAudit(request, { summary: `stop: deleted ${reset.players} players, ${reset.answers} answers, ${reset.rankings} rankings` });
    return success(state satisfies Schemas['RehearsalState'], 'rehearsal.stopped', { players: reset.players, answers: reset.answers });
  },
};
