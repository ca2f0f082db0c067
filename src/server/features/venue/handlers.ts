/**
 * POST /triviaGame/venue: a game's join address, where its base comes from, and the server's LAN
 * addresses, for the control screen's check before it opens the display (docs/venue.md). Reads only:
 * not audited.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { components } from '@openapi/admin-api';
import type { OperationHandlers } from '../../contract/handlers.js';
import { recordNotFound } from '../../lib/envelope.js';
import { joinUrlOf } from '../../../domain/venue-rules.js';
import { publicBaseOf } from './join-url.js';
import { lanUrls } from './lan.js';
import { findVenueGame } from './queries.js';

type Schemas = components['schemas'];

/** The port the server listens on: PORT from the config, else the one it is bound to (tests bind port 0). */
function listeningPort(app: FastifyInstance): number | null {
  if (app.config.port) return app.config.port;
  const address = app.server.address() as AddressInfo | string | null;
  return address && typeof address === 'object' ? address.port : null;
}

export const venueHandlers: OperationHandlers = {
  async triviaGameVenue(request) {
    const { db, config } = request.server;
    const game = await findVenueGame(db, request.body.trivia_game_id, request.companyId);
    if (!game) throw recordNotFound();
    const { base, source } = await publicBaseOf(db, game.companyId, config.publicUrl);
    const port = listeningPort(request.server);
    return {
      join_url: joinUrlOf(base, game.pin),
      public_url_source: source,
      lan_urls: port === null ? [] : lanUrls(port),
    } satisfies Schemas['VenueData'];
  },
};
