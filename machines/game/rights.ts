/**
 * The game chart's `rights` region (the chart: game.machine.ts; its setup: setup.ts).
 * who runs the game from this screen. Several screens may be open on one game and the
 * server gives control to one (the control lease, `server.control`); `deciding` (transient) puts
 * the screen where the last control state says: `controlling` when this screen holds control
 * (`holding`; `handingOver` while another screen asks for it: the operator accepts or declines;
 * `answering` while that answer, or a release, is sent), `watching` otherwise (`observing`;
 * `asking` while its request is sent; `requesting` until the holder answers or the server grants
 * it by timeout), `readOnly` without `triviaGame.control`. A screen without a screen id (no lease)
 * controls whenever its admin may. Whenever the screen is not controlling, every operator step is
 * refused and, at zero, a question's countdown waits for the server's `answerPublished` (sent by
 * the controlling screen, or by the server 3 s past the deadline) instead of calling a step the
 * server would refuse.
 */
import { not } from 'xstate';
import { errorMessage } from '../error-message.js';
import { gameSetup } from './setup.js';

export const rightsRegion = gameSetup.createStateConfig({
  initial: 'deciding',
  on: { 'server.control': { target: '.deciding', actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } } },
  states: {
    deciding: {
      description: 'Where the last control state puts this screen (transient).',
      always: [
        { guard: 'withoutLease', target: 'controlling' },
        { guard: 'holdsControl', target: 'controlling' },
        { guard: 'asksForControl', target: 'watching.requesting' },
        { target: 'watching' },
      ],
    },
    controlling: {
      description: 'This screen runs the game: the steps are its own.',
      initial: 'holding',
      on: { 'session.rights': { guard: 'rightsWithdrawn', target: 'readOnly' } },
      states: {
        holding: {
          description: 'Holds control.',
          always: { guard: 'askedForControl', target: 'handingOver' },
          on: { 'host.releaseControl': { guard: not('withoutLease'), target: 'answering' } },
        },
        handingOver: {
          description: 'Another screen asks for control: the operator accepts (hands it over) or declines.',
          // No release here: the screen offers hand over or keep (src/app/features/live/components/control-bar.tsx).
          on: { 'host.acceptControl': 'answering', 'host.declineControl': 'answering' },
        },
        answering: {
          description: 'The answer to the request (or the release) is being sent (triviaGame/control).',
          tags: 'busy',
          on: { 'server.control': { actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } } },
          invoke: {
            id: 'controlCall',
            src: 'controlCall',
            input: ({ context, event }) => ({
              gameId: context.gameId,
              screenId: context.screenId ?? '',
              action: event.type === 'host.acceptControl' ? 'accept' : event.type === 'host.declineControl' ? 'decline' : 'release',
            }),
            onDone: { target: '#game.rights.deciding', actions: { type: 'storeControl', params: ({ event }) => ({ control: event.output }) } },
            onError: { target: '#game.rights.deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
          },
        },
      },
    },
    watching: {
      description: 'Another screen holds control (or nobody does): this one watches and may ask for it.',
      initial: 'observing',
      on: { 'session.rights': { guard: 'rightsWithdrawn', target: 'readOnly' } },
      states: {
        observing: {
          description: 'Watches; the operator may request control.',
          on: { 'host.requestControl': { target: 'asking', actions: 'clearError' } },
        },
        asking: {
          description: 'The request is being sent (triviaGame/control): granted at once when nobody holds control.',
          tags: 'busy',
          on: { 'server.control': { actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } } },
          invoke: {
            id: 'controlCall',
            src: 'controlCall',
            input: ({ context }) => ({ gameId: context.gameId, screenId: context.screenId ?? '', action: 'request' as const }),
            onDone: { target: '#game.rights.deciding', actions: { type: 'storeControl', params: ({ event }) => ({ control: event.output }) } },
            onError: { target: '#game.rights.deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
          },
        },
        requesting: {
          description: 'Asked: the holder accepts or declines, or the server grants it once the holder has been gone long enough.',
        },
      },
    },
    readOnly: {
      description: 'Without triviaGame.control: the screen only watches.',
      on: {
        'server.control': { actions: { type: 'storeControl', params: ({ event }) => ({ control: event.control }) } },
        'session.rights': { guard: 'rightsGranted', target: 'deciding' },
      },
    },
  },
});
