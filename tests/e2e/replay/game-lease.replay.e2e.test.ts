/**
 * The game machine replayed in Chromium, region `lease`: the control lease (a second screen, requests, handovers, the rights withdrawn and granted back).
 * The adapter and the world are tests/e2e/replay/support/game-replay.ts; the regions' files share
 * the chosen paths (each replayed once, by its region's file) and write game.lease.chromium.json.
 */
import { replayGameRegion } from './support/game-replay';

replayGameRegion('lease');
