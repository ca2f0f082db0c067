/**
 * The game chart's `autopilot` region (the chart: game.machine.ts; its setup: setup.ts).
 * The server takes a game's steps by itself when the game's `auto_advance` is enabled
 * (docs/game-rules.md "Autopilot"); this region is that autopilot as the server says it is: `off`
 * (not enabled, or the game ended), `running`, `paused`. A controlling screen pauses it
 * (`pausing`, triviaGame/autopilot pause) and resumes it (`resuming`); the server's answer, its
 * `server.autopilot` and the loaded game or operator snapshot put the region where the server says
 * (`deciding`, transient). A call in flight keeps what the event says and waits for its own answer;
 * a call that fails goes back where the server last said, the error shown.
 * The server's /triviaGame/autopilot decides with the same region (machines/game/autopilot-steps.ts).
 */
import { and } from 'xstate';
import { errorMessage } from '../error-message.js';
import { gameSetup } from './setup.js';

/** A pause or resume in flight: what the server says meanwhile is kept; the call's answer decides. */
const callState = (action: 'pause' | 'resume', description: string) =>
  gameSetup.createStateConfig({
    description,
    on: {
      'server.autopilot': { actions: { type: 'storeAutopilot', params: ({ event }) => ({ autopilot: event.autopilot }) } },
      'autopilot.stored': { description: 'The call answers.' },
    },
    invoke: {
      id: 'autopilotCall',
      src: 'autopilotCall',
      input: ({ context }) => ({ gameId: context.gameId, screenId: context.screenId, action }),
      onDone: { target: 'deciding', actions: { type: 'storeAutopilot', params: ({ event }) => ({ autopilot: event.output }) } },
      onError: { target: 'deciding', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
    },
  });

export const autopilotRegion = gameSetup.createStateConfig({
  initial: 'off',
  on: {
    'server.autopilot': { target: '.deciding', actions: { type: 'storeAutopilot', params: ({ event }) => ({ autopilot: event.autopilot }) } },
    'autopilot.stored': { target: '.deciding' },
  },
  states: {
    deciding: {
      description: 'Where the last autopilot state puts this screen (transient).',
      always: [{ guard: 'autopilotPaused', target: 'paused' }, { guard: 'autopilotRunning', target: 'running' }, { target: 'off' }],
    },
    off: { description: 'No autopilot (not enabled, or the game ended): the operator takes every step.' },
    running: {
      description: 'The server takes each step when its time comes; a controlling screen may pause it.',
      on: { 'host.pauseAutopilot': { guard: and(['controlling', 'gameOpen']), target: 'pausing', actions: 'clearError' } },
    },
    pausing: callState('pause', 'The pause (triviaGame/autopilot) is in flight.'),
    paused: {
      description: 'The clock of the next step is stopped (a running countdown is not); a controlling screen may resume it.',
      on: { 'host.resumeAutopilot': { guard: and(['controlling', 'gameOpen']), target: 'resuming', actions: 'clearError' } },
    },
    resuming: callState('resume', 'The resume (triviaGame/autopilot) is in flight.'),
  },
});

/**
 * The game chart's `stage` region: the title card on the display and the phones (triviaGame/
 * stageMessage). `idle`; a controlling screen of an open game puts one up or takes it off
 * (`sending`, busy for the form while in flight); the answer is the card up now. What the server
 * says (`server.stageMessage`, the snapshot, the loaded game; a question shown takes it off) is kept
 * at the root, whatever this region does.
 */
export const stageRegion = gameSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      description: 'No stage-message call in flight.',
      on: { 'host.setStageMessage': { guard: and(['controlling', 'gameOpen']), target: 'sending', actions: 'clearError' } },
    },
    sending: {
      description: 'The stage message (triviaGame/stageMessage) is being put up or taken off.',
      invoke: {
        id: 'stageMessageCall',
        src: 'stageMessageCall',
        input: ({ context, event }) => ({ gameId: context.gameId, screenId: context.screenId, message: event.type === 'host.setStageMessage' ? event.message : null }),
        onDone: { target: 'idle', actions: { type: 'storeStageMessage', params: ({ event }) => ({ message: event.output.stage_message }) } },
        onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
    },
  },
});
