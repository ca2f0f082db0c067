/**
 * Display pairing, named as the contracts' operationIds: the display's own calls (play API:
 * displayPair, displayPairStatus; public, throttled per address) and the control screen's (admin API:
 * triviaGamePairDisplay, throttled per admin and per game; triviaGameUnpairDisplay,
 * triviaGameDisplayList). Rules in service.ts.
 * An unpairing is announced on the game's public topic after its commit (`display.unpaired`), so the
 * display goes back to its pairing screen at once.
 */
import type { components } from '@openapi/admin-api';
import type { components as playComponents } from '@openapi/play-api';
import type { OperationHandlers, PlayOperationHandlers } from '../../../contract/handlers.js';
import { success } from '../../../lib/envelope.js';
import { requireAuth } from '../../access/plugin.js';
import { noteAudit } from '../../../lib/audit-note.js';
import { throttle, throttlePairDisplay } from '../throttle.js';
import { gameTopic } from '../views.js';
import * as service from './service.js';

type Schemas = components['schemas'];
type PlaySchemas = playComponents['schemas'];

export const displayAdminHandlers: OperationHandlers = {
  async triviaGamePairDisplay(request, reply) {
    const { adminId } = requireAuth(request);
    throttlePairDisplay(request, reply, adminId, request.body.trivia_game_id);
    const { game, display } = await service.pairDisplay(request.server.db, request.companyId, adminId, request.body, new Date());
    noteAudit(request, { targetType: 'triviaGame', targetId: game.id, summary: `display ${display.id}${display.name ? ` (${display.name})` : ''} paired` });
    return success({ display } satisfies Schemas['DisplayPairedData'], 'display.paired');
  },

  async triviaGameUnpairDisplay(request) {
    const { game, display } = await service.unpairDisplay(request.server.db, request.companyId, request.body, new Date());
    noteAudit(request, { targetType: 'triviaGame', targetId: game.id, summary: `display ${display.id}${display.name ? ` (${display.name})` : ''} unpaired` });
    const data: PlaySchemas['EventDisplayUnpaired'] = { display_id: display.id };
    await request.server.live.events.publishAll([{ topic: gameTopic(game.id, 'public'), type: 'display.unpaired', data }]);
    return success({}, 'display.unpaired');
  },

  async triviaGameDisplayList(request) {
    return service.listDisplays(request.server.db, request.companyId, request.body.trivia_game_id, new Date());
  },
};

export const displayPlayHandlers: PlayOperationHandlers = {
  async displayPair(request, reply) {
    throttle('displayPair', request, reply);
    return service.createPending(request.server.db, new Date());
  },

  async displayPairStatus(request, reply) {
    throttle('displayPairStatus', request, reply);
    return service.pairStatus(request.server.db, request.body.pairing_token, new Date());
  },
};
