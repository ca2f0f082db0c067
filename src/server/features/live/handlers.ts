/**
 * Operations of the live game, named as the contracts' operationIds: the control screen's
 * (admin API: gameFlow, getRank, displayCode) and the players' and the display's (play API).
 * Handlers stay thin: rules in service.ts, SQL in queries.ts. Real-time events go out only after the
 * service's transaction committed; an answer or a join is acknowledged only after its commit.
 */
import type { components } from '@openapi/admin-api';
import type { OperationHandlers, PlayOperationHandlers } from '../../contract/handlers.js';
import { success } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/access.js';
import { WS_PATH } from '../../plugins/realtime.js';
import { TICKET_TTL_SECONDS } from '../../realtime/tickets.js';
import { requireDisplay, requirePlayer } from './plugin.js';
import { exportResults } from './results.js';
import * as service from './service.js';
import { throttle } from './throttle.js';
import { gameSummary, gameTopic, myAnswer, type PlaySchemas } from './views.js';

type Schemas = components['schemas'];

export const liveAdminHandlers: OperationHandlers = {
  async triviaGameGameFlow(request) {
    const result = await service.gameFlow(request.server.db, request.companyId, request.body, new Date());
    await request.server.live.events.publishAll(result.events);
    return success(result.data satisfies Schemas['GameFlowData'], result.messageKey);
  },

  async triviaGameGetRank(request) {
    const { trivia_game_id, limit } = request.body;
    return (await service.getRank(request.server.db, request.companyId, trivia_game_id, limit ?? service.TOP)) satisfies Schemas['RankData'];
  },

  async triviaGameExportResults(request, reply) {
    const file = await exportResults(request.server.db, request.companyId, request.body, request.lang, new Date());
    reply.header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').type(file.contentType);
    // Sent here (a file, not an envelope); awaiting the reply lets the contract plugin see it sent.
    await reply.send(file.body);
  },

  async triviaGameDisplayCode(request) {
    const { adminId } = requireAuth(request);
    return (await service.createDisplayCode(request.server.db, request.companyId, adminId, request.body.trivia_game_id, new Date())) satisfies Schemas['DisplayCodeData'];
  },
};

export const livePlayHandlers: PlayOperationHandlers = {
  async join(request, reply) {
    throttle('join', request, reply);
    const { token, player, game } = await service.join(request.server.db, request.lang, request.body, new Date());
    request.server.live.events.playerJoined(game.id);
    return {
      player_token: token,
      player: { id: player.id, nickname: player.nickname, trivia_game_id: game.id, join_order: player.joinOrder },
      game: gameSummary(game),
    } satisfies PlaySchemas['JoinData'];
  },

  async answer(request) {
    // The receipt time is when the request arrived, before any waiting on the database.
    const receivedAt = new Date();
    const player = requirePlayer(request);
    const stored = await service.answer(request.server.db, player, request.body, receivedAt);
    request.server.live.events.answerReceived(player.triviaGameId, stored.questionId);
    return success({ answer: myAnswer(stored) } satisfies PlaySchemas['AnswerData'], 'live.answer.accepted');
  },

  async state(request) {
    return service.playerState(request.server.db, requirePlayer(request), new Date());
  },

  async ticket(request) {
    const player = requirePlayer(request);
    await service.requirePlayerGame(request.server.db, player);
    const ticket = await request.server.tickets.issue({ kind: 'player', id: player.id, gameId: player.triviaGameId });
    return { ticket, expires_in: TICKET_TTL_SECONDS, url: WS_PATH, topic: gameTopic(player.triviaGameId, 'public') } satisfies PlaySchemas['TicketData'];
  },

  async displayExchange(request, reply) {
    throttle('displayExchange', request, reply);
    return service.exchangeDisplayCode(request.server.db, request.server.live.displayTokens, request.body.code, new Date());
  },

  async displayState(request) {
    return service.displayState(request.server.db, requireDisplay(request).gameId, new Date());
  },

  async displayTicket(request) {
    const display = requireDisplay(request);
    const ticket = await request.server.tickets.issue({ kind: 'display', id: display.gameId, gameId: display.gameId, companyId: display.companyId });
    return { ticket, expires_in: TICKET_TTL_SECONDS, url: WS_PATH, topic: gameTopic(display.gameId, 'public') } satisfies PlaySchemas['TicketData'];
  },
};
