/**
 * The question statechart: one question of a live game as the control screen drives it, and the
 * rulebook the server checks every game-flow step against (see steps in machines/game/steps.ts).
 * Pure: no fetch, no timers of its own (time is the named delay `tick`, run by the actor's clock),
 * no React; the three calls (show, publish answer, publish ranking) are injected with `.provide()`.
 *
 * Why the chart has this shape:
 * - `restoring` exists because a control screen may be opened (or reloaded) at any point of a game:
 *   the stored status (0 not sent, 1 shown, 2/3 answer published; docs/game-rules.md) picks the
 *   state, and a shown question resumes its countdown from what the server says is left.
 * - `showing`, `publishingAnswer` and `publishingRanking` are the calls in flight (tag `busy`): while
 *   one runs, its button cannot be pressed again. A server event that reports the outcome first (the
 *   real-time channel is often faster than the HTTP answer, or another screen did it) moves the chart
 *   on just the same, so double clicks and several open screens converge on one state.
 * - `shown` is parallel because two things happen at once while a question is on screen: the
 *   countdown (`countdown`: ticking once a second, snapped to whole seconds; at zero it publishes the
 *   answer by itself) and the operator's publish-now button, which first asks 是否公佈答案
 *   (`publishNow.confirmingPublish`). The countdown keeps running while the dialog is open; if it
 *   reaches zero first, the answer is published and the dialog closes with the state. A question
 *   without a time limit (level games may have none) waits in `countdown.untimed` for the button.
 * - A failed publish goes back to `shown` while time is left (the countdown goes on), and to
 *   `publishFailed` when the countdown already ended (so it does not retry in a loop): the operator
 *   retries there.
 * - `answerPublished` and `rankingPublished` are separate because the status differs (2, 3) and the
 *   button's label with it; publishing the ranking is allowed again from `rankingPublished`.
 * Derived facts (busy, live, can publish) are tags and `can()`; see selectors.ts.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { msAtNextChange, msToNextChange } from '../../src/domain/clock.js';
import { errorMessage } from '../error-message.js';
import type { QuestionCallInput, QuestionContext, QuestionEvent, QuestionInput, QuestionStatus, ShownTiming } from './types.js';

const remainingFrom = (timing: ShownTiming): number | null => (timing.deadline === null ? null : Math.max(0, timing.deadline - timing.serverTime));

const notProvided = (name: string) => () => Promise.reject(new Error(`question machine: actor "${name}" not provided`));

export const questionMachine = setup({
  types: {
    context: {} as QuestionContext,
    events: {} as QuestionEvent,
    input: {} as QuestionInput,
    tags: {} as 'busy' | 'live' | 'answerOut',
    children: {} as {
      showQuestion: 'showQuestion';
      publishAnswer: 'publishAnswer';
      publishRanking: 'publishRanking';
    },
  },
  actors: {
    /** gameFlow type 2; resolves the shown question's timing. */
    showQuestion: fromPromise<ShownTiming, QuestionCallInput>(notProvided('showQuestion')),
    /** gameFlow type 3. */
    publishAnswer: fromPromise<unknown, QuestionCallInput>(notProvided('publishAnswer')),
    /** gameFlow type 4. */
    publishRanking: fromPromise<unknown, QuestionCallInput>(notProvided('publishRanking')),
  },
  delays: {
    /** The next whole second of the countdown. */
    tick: ({ context }) => msToNextChange(context.remainingMs ?? 0),
  },
  actions: {
    /**
     * Tells whoever runs the question that its stored status moved (a no-op alone; the game machine,
     * which spawns one question per row, provides it to report to itself: machines/game).
     */
    reportStatus: (_, _params: { status: QuestionStatus }) => {},
    applyTiming: assign((_, params: ShownTiming) => ({ remainingMs: remainingFrom(params), error: null })),
    /** One tick: down to the whole second below. */
    tickDown: assign(({ context }) => ({
      remainingMs: context.remainingMs === null ? null : msAtNextChange(context.remainingMs),
    })),
    stopCountdown: assign({ remainingMs: null }),
    countRanking: assign(({ context }) => ({ rankingsPublished: context.rankingsPublished + 1 })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    restoredAt: ({ context }, params: { status: QuestionStatus }) => context.restoredStatus === params.status,
    isUntimed: ({ context }) => context.remainingMs === null,
    timeIsUp: ({ context }) => context.remainingMs !== null && context.remainingMs <= 0,
    timeIsLeft: ({ context }) => context.remainingMs === null || context.remainingMs > 0,
    rankingWasPublished: ({ context }) => context.rankingsPublished > 0,
  },
}).createMachine({
  id: 'question',
  context: ({ input }) => ({
    questionId: input.questionId,
    timed: input.timed,
    answeringSeconds: input.answeringSeconds,
    remainingMs: input.status === 1 && input.timed ? Math.max(0, input.remainingMs ?? input.answeringSeconds * 1000) : null,
    rankingsPublished: input.status === 3 ? 1 : 0,
    error: null,
    restoredStatus: input.status,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Picks the state of the stored status (a reloaded control screen resumes here).',
      always: [
        { guard: { type: 'restoredAt', params: { status: 3 } }, target: 'rankingPublished' },
        { guard: { type: 'restoredAt', params: { status: 2 } }, target: 'answerPublished' },
        { guard: { type: 'restoredAt', params: { status: 1 } }, target: 'shown' },
        { target: 'notSent' },
      ],
    },
    notSent: {
      description: 'Status 0: the button shows the question.',
      on: {
        'host.showQuestion': { target: 'showing', actions: 'clearError' },
        'server.questionShown': {
          target: 'shown',
          actions: { type: 'applyTiming', params: ({ event }) => ({ deadline: event.deadline, serverTime: event.serverTime }) },
        },
      },
    },
    showing: {
      description: 'The show call (gameFlow 2) is in flight.',
      tags: 'busy',
      invoke: {
        id: 'showQuestion',
        src: 'showQuestion',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: { target: 'shown', actions: { type: 'applyTiming', params: ({ event }) => event.output } },
        onError: { target: 'notSent', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
      },
      on: {
        'server.questionShown': {
          target: 'shown',
          actions: { type: 'applyTiming', params: ({ event }) => ({ deadline: event.deadline, serverTime: event.serverTime }) },
        },
      },
    },
    shown: {
      description: 'Status 1: on screen; players answer. The countdown runs beside the publish-now button.',
      type: 'parallel',
      tags: 'live',
      entry: { type: 'reportStatus', params: { status: 1 } },
      on: {
        // The server's timing wins: the countdown restarts from it (the publish-now dialog stays open).
        'server.questionShown': {
          target: '.countdown',
          reenter: true,
          actions: { type: 'applyTiming', params: ({ event }) => ({ deadline: event.deadline, serverTime: event.serverTime }) },
        },
        'server.answerPublished': { target: 'answerPublished', actions: 'stopCountdown' },
      },
      states: {
        countdown: {
          initial: 'running',
          states: {
            running: {
              description: 'Ticks once a second; at zero the answer is published by itself.',
              always: [
                { guard: 'isUntimed', target: 'untimed' },
                { guard: 'timeIsUp', target: '#question.publishingAnswer' },
              ],
              after: { tick: { target: 'running', reenter: true, actions: 'tickDown' } },
            },
            untimed: { description: 'No time limit: the answer is published with the button only.' },
          },
        },
        publishNow: {
          initial: 'idle',
          states: {
            idle: { on: { 'host.publishNow': { target: 'confirmingPublish', actions: 'clearError' } } },
            confirmingPublish: {
              description: 'The dialog asks 是否公佈答案.',
              on: {
                'host.confirm': { target: '#question.publishingAnswer' },
                'host.cancel': { target: 'idle' },
              },
            },
          },
        },
      },
    },
    publishingAnswer: {
      description: 'The publish-answer call (gameFlow 3) is in flight.',
      tags: ['busy', 'live'],
      invoke: {
        id: 'publishAnswer',
        src: 'publishAnswer',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: { target: 'answerPublished', actions: 'stopCountdown' },
        onError: [
          {
            guard: 'timeIsLeft',
            target: 'shown',
            actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          },
          { target: 'publishFailed', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
        ],
      },
      on: { 'server.answerPublished': { target: 'answerPublished', actions: 'stopCountdown' } },
    },
    publishFailed: {
      description: 'Time is up but publishing failed: the operator retries.',
      tags: 'live',
      on: {
        'host.retry': { target: 'publishingAnswer', actions: 'clearError' },
        'server.answerPublished': { target: 'answerPublished', actions: ['stopCountdown', 'clearError'] },
      },
    },
    answerPublished: {
      description: 'Status 2: the answer is out; the button publishes the ranking.',
      tags: 'answerOut',
      entry: { type: 'reportStatus', params: { status: 2 } },
      on: {
        'host.publishRanking': { target: 'publishingRanking', actions: 'clearError' },
        'server.rankingPublished': { target: 'rankingPublished', actions: 'countRanking' },
      },
    },
    publishingRanking: {
      description: 'The publish-ranking call (gameFlow 4) is in flight.',
      tags: ['busy', 'answerOut'],
      invoke: {
        id: 'publishRanking',
        src: 'publishRanking',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: { target: 'rankingPublished', actions: 'countRanking' },
        onError: [
          {
            guard: 'rankingWasPublished',
            target: 'rankingPublished',
            actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          },
          { target: 'answerPublished', actions: { type: 'setError', params: ({ event }) => ({ message: errorMessage(event.error) }) } },
        ],
      },
    },
    rankingPublished: {
      description: 'Status 3: a ranking is out; it may be published again.',
      tags: 'answerOut',
      entry: { type: 'reportStatus', params: { status: 3 } },
      on: {
        'host.publishRanking': { target: 'publishingRanking', actions: 'clearError' },
        'server.rankingPublished': { actions: 'countRanking' },
      },
    },
  },
});

export type QuestionMachine = typeof questionMachine;
export type QuestionSnapshot = SnapshotFrom<typeof questionMachine>;
export type QuestionActorRef = ActorRefFrom<typeof questionMachine>;
export type * from './types.js';
