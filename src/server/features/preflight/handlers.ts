/** POST /triviaGame/preflight: the pre-flight check of a game before its first question (docs/preflight.md). */
import type { OperationHandlers } from '../../contract/handlers.js';
import { dateOf } from '../../lib/clock.js';
import { runPreflight } from './service.js';

export const preflightHandlers: OperationHandlers = {
  async triviaGamePreflight(request) {
    return runPreflight(request.server, request.lang, request.companyId, request.body, dateOf(request.server.clock));
  },
};
