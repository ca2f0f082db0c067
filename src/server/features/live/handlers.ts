/**
 * Operations of the live game, named as the contracts' operationIds: the control screen's
 * (admin API: gameFlow, getRank, displayCode, and the reset after a rehearsal, triviaGameReset) and
 * the players' and the display's (play API). Handlers stay thin: rules in flow/flow.ts (steps),
 * flow/publication.ts (answers, rankings, the end), flow/state.ts, flow/reset.ts, answers/join.ts,
 * answers/answers.ts and displays/display-code.ts, SQL in queries.ts; every time stamp from the app's clock.
 * Real-time events go out only after the step's transaction committed; an answer or a join is
 * acknowledged only after its commit.
 */
import type { FastifyInstance } from 'fastify';
import type { components } from '@openapi/admin-api';
import { loadPlaySpec } from '../../contract/spec.js';
import type { OperationHandlers, PlayOperationHandlers } from '../../contract/handlers.js';
import { forbidden, success } from '../../lib/envelope.js';
import { operationBodyValidator } from '../../plugins/contract.js';
import { requireAuth } from '../access/plugin.js';
import { WS_PATH } from '../../plugins/realtime.js';
import type { SocketOperation } from '../../realtime/hub.js';
import { TICKET_TTL_SECONDS } from '../../realtime/tickets.js';
import { dateOf } from '../../lib/clock.js';
import { noteAudit } from '../../lib/audit-note.js';
import { requireDisplay, requirePlayer } from './plugin.js';
import { exportResults } from './results/results.js';
import type { AnswerPlayer } from './answers/answers.js';
import { createDisplayCode, exchangeDisplayCode } from './displays/display-code.js';
import { gameFlow } from './flow/flow.js';
import { pauseOrResume } from './flow/autopilot-pause.js';
import { autopilotEvent } from './flow/autopilot-state.js';
import { join } from './answers/join.js';
import { getRank } from './flow/publication.js';
import { resetByOperator } from './flow/reset.js';
import { setStageMessage } from './flow/stage-message.js';
import { displayState, playerState, requirePlayerGameShared } from './flow/state.js';
import { throttle } from './throttle.js';
import { gameSummary, gameTopic, myAnswer, TOP, type PlaySchemas } from './views.js';

type Schemas = components['schemas'];

export const liveAdminHandlers: OperationHandlers = {
  /**
   * After a rehearsal: the run's players, answers and rankings deleted, the game ready for the real
   * show (flow/reset.ts); never a running game, and only from the screen holding control if one does.
   */
  async triviaGameReset(request) {
    const { adminId } = requireAuth(request);
    const { id, screen_id } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: id });
    const result = await resetByOperator(request.server.db, request.companyId, id, new Date(), { adminId, screenId: screen_id ?? null });
    noteAudit(request, { summary: `reset: deleted ${result.players} players, ${result.answers} answers, ${result.rankings} rankings${result.pinChanged ? `; new PIN ${result.pin}` : ''}` });
    // After the commit: screens read the game again, the deleted players' phones go back to joining.
    await request.server.live.events.publishAll(result.events);
    const data = { players: result.players, answers: result.answers, rankings: result.rankings, pin: result.pin } satisfies Schemas['TriviaGameResetData'];
    return success(data, result.pinChanged ? 'trivia.resetDoneNewPin' : 'trivia.resetDone', { players: result.players, answers: result.answers, pin: result.pin });
  },

  async triviaGameGameFlow(request) {
    const { adminId } = requireAuth(request);
    const result = await gameFlow(request.server.db, request.companyId, request.body, dateOf(request.server.clock), { adminId });
    await request.server.live.events.publishAll(result.events);
    // The autopilot's next step and when it is due (flow/autopilot.ts).
    if (result.data.applied && result.autopilotOn) await request.server.live.autopilot.publishState(request.body.trivia_game_id);
    return success(result.data satisfies Schemas['GameFlowData'], result.messageKey);
  },

  /** Pauses or resumes the game's autopilot (flow/autopilot-pause.ts); every instance hears the new state. */
  async triviaGameAutopilot(request) {
    const { adminId } = requireAuth(request);
    const outcome = await pauseOrResume(request.server.db, request.companyId, adminId, request.body, dateOf(request.server.clock));
    noteAudit(request, { summary: `${request.body.action}${outcome.changed ? '' : ' (already)'}` });
    await request.server.live.events.publishAll([autopilotEvent(outcome.state)]);
    return success(outcome.state satisfies Schemas['AutopilotState'], outcome.messageKey);
  },

  /** A title card on the display and the phones, or none (flow/stage-message.ts); published after the commit. */
  async triviaGameStageMessage(request) {
    const { adminId } = requireAuth(request);
    const { trivia_game_id, stage_message } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: trivia_game_id, summary: stage_message ? `up: ${stage_message.title}` : 'off' });
    const result = await setStageMessage(request.server.db, request.lang, request.companyId, request.body, dateOf(request.server.clock), adminId);
    await request.server.live.events.publishAll(result.events);
    return success(result.data satisfies Schemas['StageMessageData'], result.messageKey);
  },

  async triviaGameControl(request) {
    const { adminId } = requireAuth(request);
    const outcome = await request.server.live.control.act(request.companyId, adminId, request.body);
    noteAudit(request, { summary: outcome.summary });
    return success(outcome.state satisfies Schemas['ControlState'], outcome.messageKey);
  },

  async triviaGameGetRank(request) {
    const { trivia_game_id, limit } = request.body;
    return (await getRank(request.server.db, request.companyId, trivia_game_id, limit ?? TOP)) satisfies Schemas['RankData'];
  },

  async triviaGameExportResults(request, reply) {
    const file = await exportResults(request.server.db, request.companyId, request.body, request.lang, dateOf(request.server.clock));
    reply.header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').type(file.contentType);
    // Sent here (a file, not an envelope); awaiting the reply lets the contract plugin see it sent.
    await reply.send(file.body);
  },

  async triviaGameDisplayCode(request) {
    const { adminId } = requireAuth(request);
    return (await createDisplayCode(request.server.db, request.companyId, adminId, request.body.trivia_game_id, dateOf(request.server.clock))) satisfies Schemas['DisplayCodeData'];
  },
};

/** An answer, whichever way it came: stored (committed) first, then announced to the control screen. */
async function acceptAnswer(app: FastifyInstance, player: AnswerPlayer, input: PlaySchemas['AnswerRequest'], receivedAt: Date) {
  const stored = await app.live.answers.submit({ player, input, receivedAt });
  app.live.events.answerReceived(player.triviaGameId, stored.questionId);
  return success({ answer: myAnswer(stored) } satisfies PlaySchemas['AnswerData'], 'live.answer.accepted');
}

/**
 * The play operations a player's phone may also send over its open WebSocket (realtime/hub.ts,
 * "request"): the answer, because a question's answers arrive in a burst and each as an HTTP request
 * would cost the server a request's parsing, hooks, headers and reply. Same contract validation,
 * same rules, same envelope as POST /api/play/answer; the player is the one the socket's ticket was
 * issued to (POST /api/play/ticket, with the player token).
 */
export function livePlaySocketOperations(app: FastifyInstance): Record<string, SocketOperation> {
  return {
    answer: {
      validate: operationBodyValidator(loadPlaySpec(), 'answer'),
      async run(client, body: PlaySchemas['AnswerRequest'], _lang, receivedAt) {
        const { kind, id, gameId } = client.subject;
        if (kind !== 'player' || gameId === undefined) throw forbidden();
        return acceptAnswer(app, { id, triviaGameId: gameId }, body, receivedAt);
      },
    },
  };
}

export const livePlayHandlers: PlayOperationHandlers = {
  async join(request, reply) {
    throttle('join', request, reply);
    const { token, player, game } = await join(request.server.db, request.lang, request.body, dateOf(request.server.clock), request.ip, request.server.live.joins);
    request.server.live.players.joined(player);
    request.server.live.events.playerJoined(game.id);
    // The first ticket comes with the join: a crowd's phones open their sockets without asking /ticket.
    const ticket = await request.server.tickets.issue({ kind: 'player', id: player.id, gameId: game.id });
    return {
      player_token: token,
      player: { id: player.id, nickname: player.nickname, trivia_game_id: game.id, join_order: player.joinOrder },
      game: gameSummary(game),
      ticket: { ticket, expires_in: TICKET_TTL_SECONDS, url: WS_PATH, topic: gameTopic(game.id, 'public') },
    } satisfies PlaySchemas['JoinData'];
  },

  async answer(request) {
    // The receipt time is when the request arrived, before any waiting on the database.
    return acceptAnswer(request.server, requirePlayer(request), request.body, dateOf(request.server.clock));
  },

  async state(request) {
    return playerState(request.server.db, requirePlayer(request), dateOf(request.server.clock));
  },

  async ticket(request) {
    const player = requirePlayer(request);
    // The game still there (a deleted game's players are refused): read once for the tickets asked together.
    await requirePlayerGameShared(request.server.live.games, player);
    const ticket = await request.server.tickets.issue({ kind: 'player', id: player.id, gameId: player.triviaGameId });
    return { ticket, expires_in: TICKET_TTL_SECONDS, url: WS_PATH, topic: gameTopic(player.triviaGameId, 'public') } satisfies PlaySchemas['TicketData'];
  },

  async displayExchange(request, reply) {
    throttle('displayExchange', request, reply);
    return exchangeDisplayCode(request.server.db, request.body.code, dateOf(request.server.clock));
  },

  async displayState(request) {
    return displayState(request.server.db, requireDisplay(request).gameId, dateOf(request.server.clock), request.server.config.publicUrl);
  },

  async displayTicket(request) {
    const display = requireDisplay(request);
    const ticket = await request.server.tickets.issue({ kind: 'display', id: display.id, gameId: display.gameId, companyId: display.companyId });
    return { ticket, expires_in: TICKET_TTL_SECONDS, url: WS_PATH, topic: gameTopic(display.gameId, 'public') } satisfies PlaySchemas['TicketData'];
  },
};
