/**
 * The game machine replayed in Chromium, region `flow`: the flow (loading, the pre-flight check, questions shown and published, the end), the lease granted once.
 * The adapter and the world are tests/e2e/replay/support/game-replay.ts; the regions' files share
 * the chosen paths (each replayed once, by its region's file) and write game.flow.chromium.json.
 */
import { replayGameRegion } from './support/game-replay';

replayGameRegion('flow');
