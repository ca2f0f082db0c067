/**
 * The game chart's `flow` region (the chart: game.machine.ts; its setup: setup.ts).
 * `loading` / `loadFailed`: nothing can be pressed until the game and its questions are
 * known. `synchronizing`: the questions are spawned once the first operator snapshot says which
 * question is on screen and how much time it has left (or after SNAPSHOT_WAIT_MS without one).
 * `open` holds `ready` and `running`, which accept the same steps: they differ in what an operator
 * sees. `ready` (no question shown yet) is gated by the pre-flight check (docs/preflight.md): a
 * controlling screen runs it (`checking`, the server's triviaGame/preflight); without blocking
 * problems it is `cleared`, with some (or when the check failed) the operator acknowledges them
 * (`reviewing` / `checkFailed` → `cleared`); only then is the first question shown. A watching
 * screen stays `unchecked`. The server does not keep the acknowledgement: the gate is the screen's.
 * The one rule that spans questions — at most one question is live — is read from the questions'
 * statuses (`questionStatuses`, from the questions' reports and the server's events; the live
 * question is derived from them, `liveQuestionOf`): `host.showQuestion` is refused while another
 * question is live. Ending asks 確定要結束遊戲嗎？ (`confirmingEnd`: nothing
 * else can be pressed while the dialog is up), then calls (`ending`). `ended.byThisScreen` sends
 * the screen back to the game list; `ended.closed` (ended elsewhere, or before the screen opened)
 * stays and offers a reset. A reset after a rehearsal (`server.gameReset`) loads everything again.
 */
import { and, raise } from 'xstate';
import { errorMessage } from '../error-message.js';
import { gameSetup } from './setup.js';

export const flowRegion = gameSetup.createStateConfig({
  initial: 'loading',
  on: {
    'server.gameEnded': { target: '.ended' },
    'server.gameReset': { target: '.loading', actions: ['stopQuestions', 'forgetGame'] },
  },
  states: {
    loading: {
      tags: 'busy',
      // The game is loaded all the same (the screen shows an ended game); the snapshot says it is over.
      on: { 'server.gameEnded': { description: 'Ended while loading: shown once loaded.' } },
      invoke: {
        id: 'loadGame',
        src: 'loadGame',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'synchronizing', actions: [{ type: 'storeLoaded', params: ({ event }) => ({ loaded: event.output }) }, raise({ type: 'rehearsal.loaded' }), raise({ type: 'autopilot.stored' })] },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'host.retry': { target: 'loading', actions: 'clearError' } },
    },
    synchronizing: {
      description: 'Loaded; the questions start once the operator snapshot says which one is on screen (or after a wait).',
      tags: 'busy',
      always: { guard: 'hasSnapshot', target: 'started' },
      after: { snapshotWait: { target: 'started' } },
    },
    started: {
      description: 'Spawns one question actor per question, then goes where the stored game is.',
      entry: ['spawnQuestions', 'refreshRanking'],
      always: [{ guard: 'isEnded', target: 'ended' }, { target: 'open' }],
    },
    open: {
      description: 'Enabled: questions are shown one at a time.',
      tags: 'open',
      initial: 'ready',
      on: {
        'host.showQuestion': {
          guard: and(['controlling', 'preflightPassed', 'noOtherQuestionLive']),
          actions: [{ type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.showQuestion' } }) }, 'clearError'],
        },
        'host.publishNow': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.publishNow' } }) } },
        'host.confirmPublish': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.confirm' } }) } },
        'host.cancelPublish': { actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.cancel' } }) } },
        'host.publishRanking': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.publishRanking' } }) } },
        'host.retryPublish': { guard: 'controlling', actions: { type: 'forwardToQuestion', params: ({ event }) => ({ questionId: event.questionId, event: { type: 'host.retry' } }) } },
        'host.endGame': { guard: 'controlling', target: 'confirmingEnd', actions: 'clearError' },
      },
      states: {
        ready: {
          description: 'No question shown yet: the pre-flight check gates the first one.',
          always: { guard: 'anyQuestionSent', target: 'running' },
          initial: 'unchecked',
          on: {
            'host.runPreflight': {
              guard: 'controlling',
              target: '.checking',
              actions: { type: 'setExpectedAudience', params: ({ event }) => ({ expectedAudience: event.expectedAudience }) },
            },
          },
          states: {
            unchecked: {
              description: 'Not checked: a controlling screen checks at once; a watching one waits for the rights.',
              always: { guard: 'controlling', target: 'checking' },
            },
            checking: {
              description: 'The pre-flight check (triviaGame/preflight) is in flight.',
              invoke: {
                id: 'runPreflight',
                src: 'runPreflight',
                input: ({ context }) => ({ gameId: context.gameId, expectedAudience: context.preflight.expectedAudience }),
                onDone: [
                  {
                    guard: { type: 'preflightBlocked', params: ({ event }) => ({ report: event.output }) },
                    target: 'reviewing',
                    actions: { type: 'storePreflight', params: ({ event }) => ({ report: event.output }) },
                  },
                  { target: 'cleared', actions: { type: 'storePreflight', params: ({ event }) => ({ report: event.output }) } },
                ],
                onError: { target: 'checkFailed', actions: { type: 'preflightFailed', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
              },
            },
            reviewing: {
              description: 'Blocking problems listed: acknowledged to start anyway, or fixed and checked again.',
              on: { 'host.acknowledgePreflight': { guard: 'controlling', target: 'cleared' } },
            },
            checkFailed: {
              description: 'The check could not run: checked again, or acknowledged to start without it.',
              on: { 'host.acknowledgePreflight': { guard: 'controlling', target: 'cleared' } },
            },
            cleared: { description: 'Nothing blocks (or the operator acknowledged it): the first question may be shown.' },
          },
        },
        running: { description: 'Under way: a question was shown.' },
      },
    },
    confirmingEnd: {
      description: 'The dialog asks 確定要結束遊戲嗎？',
      on: {
        'host.confirm': { target: 'ending' },
        'host.cancel': { target: 'open' },
      },
    },
    ending: {
      description: 'The end-game call (gameFlow 5) is in flight.',
      tags: 'busy',
      invoke: {
        id: 'endGame',
        src: 'endGame',
        input: ({ context }) => ({ gameId: context.gameId }),
        onDone: { target: 'ended.byThisScreen' },
        onError: { target: 'open', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
      on: { 'server.gameEnded': { target: 'ended.byThisScreen' } },
    },
    ended: {
      description: 'Status 0: the game is over.',
      initial: 'closed',
      on: { 'server.gameEnded': { description: 'Already over.' } },
      states: {
        closed: { description: 'Over before this screen opened, or ended on another screen: the screen stays and offers a reset.' },
        byThisScreen: { description: 'Ended here: the control screen returns to the game list.' },
      },
    },
  },
});
