/**
 * Operations of fair winners (admin API, named as the contract's operationIds): the flags, the
 * disqualification and its undoing, the winners and their podium on the display, the per-question
 * statistics. Rules in fair-play.ts; events published only after the transaction committed.
 */
import type { components } from '@openapi/admin-api';
import type { OperationHandlers } from '../../../contract/handlers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../access/plugin.js';
import { dateOf } from '../../../lib/clock.js';
import { noteAudit } from '../../../lib/audit-note.js';
import { fairPlay, questionStatsOf, setDisqualified, showWinners, winnersOf } from './fair-play.js';

type Schemas = components['schemas'];

export const fairPlayAdminHandlers: OperationHandlers = {
  async triviaGameFairPlay(request) {
    return (await fairPlay(request.server.db, request.companyId, request.body.trivia_game_id)) satisfies Schemas['FairPlayData'];
  },

  async triviaGameDisqualify(request) {
    const { adminId } = requireAuth(request);
    const { trivia_game_id, player_id, reason } = request.body;
    const outcome = await setDisqualified(request.server.db, request.lang, request.companyId, adminId, { trivia_game_id, player_id, reason }, dateOf(request.server.clock));
    noteAudit(request, { targetType: 'player', targetId: player_id, summary: outcome.summary });
    await request.server.live.events.publishAll(outcome.events);
    return success(outcome.data satisfies Schemas['DisqualifyData'], outcome.messageKey, outcome.params);
  },

  async triviaGameRequalify(request) {
    const { adminId } = requireAuth(request);
    const { trivia_game_id, player_id } = request.body;
    const outcome = await setDisqualified(request.server.db, request.lang, request.companyId, adminId, { trivia_game_id, player_id, reason: null }, dateOf(request.server.clock));
    noteAudit(request, { targetType: 'player', targetId: player_id, summary: outcome.summary });
    await request.server.live.events.publishAll(outcome.events);
    return success(outcome.data satisfies Schemas['DisqualifyData'], outcome.messageKey, outcome.params);
  },

  async triviaGameWinners(request) {
    return (await winnersOf(request.server.db, request.companyId, request.body.trivia_game_id, request.body.count)) satisfies Schemas['WinnersData'];
  },

  async triviaGameShowWinners(request) {
    const { trivia_game_id, count } = request.body;
    const { data, events } = await showWinners(request.server.db, request.companyId, trivia_game_id, count);
    noteAudit(request, { targetType: 'triviaGame', targetId: trivia_game_id, summary: `showed the top ${count} on the display` });
    await request.server.live.events.publishAll(events);
    return success(data satisfies Schemas['WinnersData'], 'live.fairPlay.winnersShown');
  },

  async triviaGameQuestionStats(request) {
    return (await questionStatsOf(request.server.db, request.companyId, request.body.trivia_game_id)) satisfies Schemas['QuestionStatsData'];
  },
};
