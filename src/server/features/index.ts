/**
 * Every operation handler the server implements, by operationId, for each contract document. An
 * operation of a contract that is not here answers HTTP 501 (see plugins/contract.ts); tests print
 * that list.
 */
import type { OperationHandlers, PlayOperationHandlers } from '../contract/handlers.js';
// Each feature's messages join i18n.ts's catalogue when loaded: all are loaded before any request.
import './admin/messages.js';
import './audit/messages.js';
import './company/messages.js';
import './file/messages.js';
import './live/displays/messages.js';
import './live/messages.js';
import './notification/messages.js';
import './preflight/messages.js';
import './profile/messages.js';
import './rehearsal/messages.js';
import './role/messages.js';
import './trivia/messages.js';
import './trivia/bulk/import-messages.js';
import './trivia/bulk/messages.js';
import { adminHandlers } from './admin/handlers.js';
import { auditHandlers } from './audit/handlers.js';
import { companyHandlers } from './company/handlers.js';
import { displayAdminHandlers, displayPlayHandlers } from './live/displays/handlers.js';
import { fileHandlers } from './file/handlers.js';
import { fairPlayAdminHandlers } from './live/results/handlers.js';
import { liveAdminHandlers, livePlayHandlers } from './live/handlers.js';
import { notificationHandlers } from './notification/handlers.js';
import { preflightHandlers } from './preflight/handlers.js';
import { profileHandlers } from './profile/handlers.js';
import { rehearsalHandlers } from './rehearsal/handlers.js';
import { realtimeHandlers } from './realtime/handlers.js';
import { roleHandlers } from './role/handlers.js';
import { sessionHandlers } from './session/handlers.js';
import { triviaHandlers } from './trivia/handlers.js';
import { venueHandlers } from './venue/handlers.js';
import { websiteHandlers } from './website/handlers.js';

export const operationHandlers: OperationHandlers = {
  ...sessionHandlers,
  ...realtimeHandlers,
  ...profileHandlers,
  ...notificationHandlers,
  ...websiteHandlers,
  ...triviaHandlers,
  ...fileHandlers,
  ...liveAdminHandlers,
  ...fairPlayAdminHandlers,
  ...roleHandlers,
  ...companyHandlers,
  ...auditHandlers,
  ...adminHandlers,
  ...displayAdminHandlers,
  ...venueHandlers,
  ...preflightHandlers,
  ...rehearsalHandlers,
};

/** The player and display API (openapi/play-api.yaml). */
export const playOperationHandlers: PlayOperationHandlers = {
  ...livePlayHandlers,
  ...displayPlayHandlers,
};
