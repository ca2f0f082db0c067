/**
 * The game machine replayed in Chromium, region `autopilot`: the autopilot (paused and resumed from the stage bar, the server's reports) and the stage message (put up from its card).
 * The adapter and the world are tests/e2e/replay/support/game-replay.ts; the regions' files share
 * the chosen paths (each replayed once, by its region's file) and write game.autopilot.chromium.json.
 */
import { replayGameRegion } from './support/game-replay';

replayGameRegion('autopilot');
