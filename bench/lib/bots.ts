/**
 * The simulated players live in src/server/features/rehearsal/bot-swarm.ts (their rules in
 * bot-rules.ts), one implementation for the server's rehearsal, `npm run bots`, the tests and this
 * benchmark; re-exported here for bench/.
 */
export * from '../../src/server/features/rehearsal/bot-swarm.js';
export * from '../../src/server/features/rehearsal/bot-rules.js';
