/**
 * The game chart's `rehearsal` region (the chart: game.machine.ts; its setup: setup.ts).
 * Simulated players the server runs in the game (docs/venue.md, "Rehearse with
 * simulated players"). `off` → `starting` (triviaGame/rehearsal start, only by a controlling screen
 * before the first question is shown and while nobody has joined) → `on` → `stopping` (stop: the
 * server deletes the bots' players and answers and puts the questions back) → `off`. The server's
 * `server.rehearsal` (started, bots joined, ended — also when the game ends or the server restarts)
 * and the loaded game put the region where the server says (`deciding`, transient); a call in
 * flight keeps what the event says and waits for its own answer.
 */
import { and } from 'xstate';
import { errorMessage } from '../error-message.js';
import { gameSetup } from './setup.js';

export const rehearsalRegion = gameSetup.createStateConfig({
  initial: 'off',
  on: {
    'server.rehearsal': { target: '.deciding', actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.rehearsal }) } },
    'rehearsal.loaded': { target: '.deciding' },
  },
  states: {
    deciding: {
      description: 'Where the last rehearsal state puts this screen (transient).',
      always: [{ guard: 'rehearsing', target: 'on' }, { target: 'off' }],
    },
    off: {
      description: 'No rehearsal: a controlling screen may start one before the first question, while nobody has joined.',
      on: { 'host.startRehearsal': { guard: and(['controlling', 'mayRehearse']), target: 'starting', actions: 'clearError' } },
    },
    starting: {
      description: 'The start (triviaGame/rehearsal) is in flight.',
      on: {
        'server.rehearsal': { actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.rehearsal }) } },
        'rehearsal.loaded': { description: 'The call answers.' },
      },
      invoke: {
        id: 'rehearsalCall',
        src: 'rehearsalCall',
        input: ({ context, event }) => ({
          gameId: context.gameId,
          screenId: context.screenId,
          action: 'start' as const,
          players: event.type === 'host.startRehearsal' ? event.players : 0,
        }),
        onDone: { target: 'deciding', actions: { type: 'storeStartAnswer', params: ({ event }) => ({ rehearsal: event.output }) } },
        onError: { target: 'deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
    },
    on: {
      description: 'Simulated players are in the game: the banner says so; the operator runs the show as for real.',
      on: { 'host.stopRehearsal': { guard: 'controlling', target: 'stopping', actions: 'clearError' } },
    },
    stopping: {
      description: 'The stop (triviaGame/rehearsal) is in flight: the bots leave, their players and answers are deleted.',
      on: {
        'server.rehearsal': { actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.rehearsal }) } },
        'rehearsal.loaded': { description: 'The call answers.' },
      },
      invoke: {
        id: 'rehearsalCall',
        src: 'rehearsalCall',
        input: ({ context }) => ({ gameId: context.gameId, screenId: context.screenId, action: 'stop' as const }),
        onDone: { target: 'deciding', actions: { type: 'storeRehearsal', params: ({ event }) => ({ rehearsal: event.output }) } },
        onError: { target: 'deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
    },
  },
});
