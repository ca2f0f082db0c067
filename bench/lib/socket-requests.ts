/** Requests over a player's WebSocket: src/server/features/rehearsal/socket-requests.ts, re-exported for bench/. */
export * from '../../src/server/features/rehearsal/socket-requests.js';
