/**
 * The game machine replayed in Chromium, region `rehearsal`: the rehearsal (simulated players started, joined, stopped; the reset it ends with).
 * The adapter and the world are tests/e2e/replay/support/game-replay.ts; the regions' files share
 * the chosen paths (each replayed once, by its region's file) and write game.rehearsal.chromium.json.
 */
import { replayGameRegion } from './support/game-replay';

replayGameRegion('rehearsal');
