/**
 * The question machine as the control screen runs it: the chart as a real actor on a SimulatedClock,
 * its three calls (show, publish answer, publish ranking) faked and settled by the test.
 *
 * Model-based part: the pure chart is traversed with `xstate/graph` from each stored status a control
 * screen can be reloaded at (0, 1 timed, 2, 3). The model's events are the operator's buttons, the
 * server's real-time events, the countdown's tick (`xstate.after.tick…`, driven by moving the
 * SimulatedClock — never by waiting) and the outcomes of the calls. Replaying a path drives the real
 * actor; after every step it must agree with the chart (state and context) and hold the assertion of
 * every state it is in. The coverage test replays every path once more, records the transitions the
 * actor really took (inspection microsteps, eventless and delayed ones included) and lists any state
 * node or transition no path reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getInitialSnapshot, getNextSnapshot, matchesState, SimulatedClock, type ActorLogic } from 'xstate';
import { TestModel } from 'xstate/graph';
import { msToNextChange } from '@/domain/clock';
import { questionMachine, type QuestionSnapshot } from '@machines/question/question.machine';
import {
  selectAction,
  selectIsBusy,
  selectIsConfirmingPublish,
  selectIsCountingDown,
  selectIsLive,
  selectRemainingSeconds,
  selectShowsCountdownDialog,
  selectStatus,
} from '@machines/question/selectors';
import type { QuestionEvent, QuestionInput } from '@machines/question/types';
import { T0, TICK, type QuestionModelEvent } from './support/question-events';
import { allStateNodes, createFakeCalls, createTransitionRecorder, definedTransitions, flush, statePath } from './support/model';
import { expectAssertionPerState, expectPathsCover } from './support/coverage-report';

type CallName = 'showQuestion' | 'publishAnswer' | 'publishRanking';
type ModelEvent = QuestionModelEvent;

/** The events offered in every state; the chart keeps those it can take. */
const MODEL_EVENTS: ModelEvent[] = [
  { type: 'host.showQuestion' },
  { type: 'host.publishNow' },
  { type: 'host.confirm' },
  { type: 'host.cancel' },
  { type: 'host.publishRanking' },
  { type: 'host.retry' },
  { type: 'server.questionShown', deadline: T0 + 2_500, serverTime: T0 },
  { type: 'server.questionShown', deadline: null, serverTime: T0 },
  { type: 'server.answerPublished' },
  { type: 'server.rankingPublished' },
  { type: TICK },
  { type: 'xstate.done.actor.showQuestion', output: { deadline: T0 + 1_500, serverTime: T0 } },
  { type: 'xstate.done.actor.showQuestion', output: { deadline: null, serverTime: T0 } },
  { type: 'xstate.error.actor.showQuestion', error: new Error('另一題正在進行中') },
  { type: 'xstate.done.actor.publishAnswer', output: {} },
  { type: 'xstate.error.actor.publishAnswer', error: new Error('Network Error') },
  { type: 'xstate.done.actor.publishRanking', output: {} },
  { type: 'xstate.error.actor.publishRanking', error: new Error('Network Error') },
];

/** The stored statuses a control screen can be (re)opened at. */
const INPUTS: Record<string, QuestionInput> = {
  'not sent': { questionId: 7, status: 0, timed: true, answeringSeconds: 2 },
  'shown, 1.5 s left': { questionId: 7, status: 1, timed: true, answeringSeconds: 2, remainingMs: 1_500 },
  'answer published': { questionId: 7, status: 2, timed: true, answeringSeconds: 2 },
  'ranking published': { questionId: 7, status: 3, timed: true, answeringSeconds: 2 },
};

// ---------------------------------------------------------------------------------------------
// The harness: the machine with fake calls on a simulated clock.

function createHarness(input: QuestionInput) {
  const calls = createFakeCalls<CallName>();
  const clock = new SimulatedClock();
  clock.set(T0);
  const recorder = createTransitionRecorder();
  const machine = questionMachine.provide({
    actors: { showQuestion: calls.fake('showQuestion'), publishAnswer: calls.fake('publishAnswer'), publishRanking: calls.fake('publishRanking') },
  });
  const actor = createActor(machine, { input, clock, inspect: recorder.inspect });
  recorder.watch(actor);
  return {
    ...calls,
    actor,
    clock,
    recorder,
    snapshot: () => actor.getSnapshot(),
    start() {
      actor.start();
      return this;
    },
    send: (event: QuestionEvent) => actor.send(event),
    /** Moves the clock forward like real time does, 100 ms at a time (a SimulatedClock jump fires one timer). */
    advance(ms: number) {
      for (let left = ms; left > 0; left -= 100) clock.increment(Math.min(100, left));
    },
    /** Moves the clock to the countdown's next whole second (the tick fires on its own). */
    tick() {
      clock.increment(msToNextChange(actor.getSnapshot().context.remainingMs ?? 0));
    },
  };
}
type Harness = ReturnType<typeof createHarness>;

type Driver<E> = (h: Harness, event: E) => void | Promise<void>;
const send: Driver<QuestionEvent> = (h, event) => h.send(event);
const eventDrivers = {
  'host.showQuestion': send,
  'host.publishNow': send,
  'host.confirm': send,
  'host.cancel': send,
  'host.publishRanking': send,
  'host.retry': send,
  'server.questionShown': send,
  'server.answerPublished': send,
  'server.rankingPublished': send,
  [TICK]: (h) => h.tick(),
  'xstate.done.actor.showQuestion': (h, e) => h.resolve('showQuestion', e.output),
  'xstate.error.actor.showQuestion': (h, e) => h.reject('showQuestion', e.error),
  'xstate.done.actor.publishAnswer': (h, e) => h.resolve('publishAnswer', e.output),
  'xstate.error.actor.publishAnswer': (h, e) => h.reject('publishAnswer', e.error),
  'xstate.done.actor.publishRanking': (h, e) => h.resolve('publishRanking', e.output),
  'xstate.error.actor.publishRanking': (h, e) => h.reject('publishRanking', e.error),
} satisfies { [K in ModelEvent['type']]: Driver<Extract<ModelEvent, { type: K }>> };

const drive = (h: Harness, event: ModelEvent) => (eventDrivers[event.type] as Driver<ModelEvent>)(h, event);

// ---------------------------------------------------------------------------------------------
// One assertion per state node, on the real actor.

type StateAssertion = (h: Harness) => void;
const stateAssertions: Record<string, StateAssertion> = {
  restoring: () => {
    throw new Error('restoring is transient: the chart never rests there');
  },
  notSent: (h) => {
    const s = h.snapshot();
    expect(selectStatus(s)).toBe(0);
    expect(selectAction(s)).toBe('showQuestion');
    expect(selectShowsCountdownDialog(s)).toBe(false);
    expect(h.running()).toEqual([]);
  },
  showing: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectStatus(s), 'the status before the call').toBe(0);
    expect(selectAction(s), 'no button while the call runs').toBeNull();
    expect(h.only('showQuestion').input).toEqual({ questionId: 7 });
    expect(h.running()).toHaveLength(1);
    expect(s.context.error).toBeNull();
  },
  shown: (h) => {
    const s = h.snapshot();
    expect(selectStatus(s)).toBe(1);
    expect(selectIsLive(s)).toBe(true);
    expect(selectShowsCountdownDialog(s)).toBe(true);
    expect(selectIsBusy(s)).toBe(false);
    expect(h.running()).toEqual([]);
  },
  // The countdown region is in the state the question's timing says: running while timed, untimed otherwise.
  'shown.countdown': (h) => {
    const s = h.snapshot();
    const timed = s.context.remainingMs !== null;
    expect(s.matches({ shown: { countdown: 'running' } })).toBe(timed);
    expect(s.matches({ shown: { countdown: 'untimed' } })).toBe(!timed);
    expect(selectIsCountingDown(s)).toBe(timed);
  },
  'shown.countdown.running': (h) => {
    const s = h.snapshot();
    expect(selectIsCountingDown(s)).toBe(true);
    expect(selectRemainingSeconds(s)).toBeGreaterThan(0);
  },
  'shown.countdown.untimed': (h) => {
    expect(selectRemainingSeconds(h.snapshot())).toBeNull();
    const before = h.snapshot().value;
    h.clock.increment(60_000);
    expect(h.snapshot().value, 'an untimed question never publishes by itself').toEqual(before);
  },
  // The publish-now region: the button (idle) or its dialog, and the action offered agrees.
  'shown.publishNow': (h) => {
    const s = h.snapshot();
    const confirming = s.matches({ shown: { publishNow: 'confirmingPublish' } });
    expect(confirming).toBe(!s.matches({ shown: { publishNow: 'idle' } }));
    expect(selectIsConfirmingPublish(s)).toBe(confirming);
    expect(selectAction(s)).toBe(confirming ? null : 'publishAnswer');
  },
  'shown.publishNow.idle': (h) => {
    expect(selectIsConfirmingPublish(h.snapshot())).toBe(false);
    expect(selectAction(h.snapshot())).toBe('publishAnswer');
  },
  'shown.publishNow.confirmingPublish': (h) => {
    expect(selectIsConfirmingPublish(h.snapshot())).toBe(true);
    expect(selectAction(h.snapshot()), 'the dialog is up').toBeNull();
  },
  publishingAnswer: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectStatus(s)).toBe(1);
    expect(h.only('publishAnswer').input).toEqual({ questionId: 7 });
    expect(h.running()).toHaveLength(1);
  },
  publishFailed: (h) => {
    const s = h.snapshot();
    expect(selectStatus(s)).toBe(1);
    expect(selectAction(s)).toBe('retryPublish');
    expect(s.context.error).toMatch(/\S/);
    expect(h.running()).toEqual([]);
  },
  answerPublished: (h) => {
    const s = h.snapshot();
    expect(selectStatus(s)).toBe(2);
    expect(selectAction(s)).toBe('publishRanking');
    expect(selectShowsCountdownDialog(s)).toBe(false);
    expect(selectRemainingSeconds(s)).toBeNull();
    expect(h.running()).toEqual([]);
  },
  publishingRanking: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(h.only('publishRanking').input).toEqual({ questionId: 7 });
    expect(h.running()).toHaveLength(1);
  },
  rankingPublished: (h) => {
    const s = h.snapshot();
    expect(selectStatus(s)).toBe(3);
    expect(s.context.rankingsPublished).toBeGreaterThan(0);
    expect(selectAction(s), 'the ranking may be published again').toBe('publishRanking');
    expect(h.running()).toEqual([]);
  },
};

// ---------------------------------------------------------------------------------------------
// The model and its paths, from every stored status.

const nodes = allStateNodes(questionMachine);

const serializeEvent = (event: ModelEvent) => JSON.stringify(event, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v));
/** A vertex: the state, the whole seconds left, and the event and state it was reached from. */
function serializeVertex(snapshot: QuestionSnapshot, event: ModelEvent | undefined, previous?: QuestionSnapshot): string {
  const here = `${JSON.stringify(snapshot.value)} ${selectRemainingSeconds(snapshot) ?? '-'}s`;
  if (!event || !previous) return here;
  return `${here} via ${serializeEvent(event)} from ${JSON.stringify(previous.value)}`;
}

const modelLogic = questionMachine as unknown as ActorLogic<QuestionSnapshot, ModelEvent, QuestionInput>;
const allPaths = Object.entries(INPUTS).flatMap(([name, input]) => {
  const model = new TestModel(modelLogic, {
    input,
    events: MODEL_EVENTS,
    filterEvents: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event as QuestionEvent),
    serializeState: serializeVertex,
    serializeEvent,
    stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
  });
  return model.getShortestPaths().map((path) => ({ name, input, path }));
});

function describePath({ name, path }: (typeof allPaths)[number]): string {
  const events = path.steps.slice(1).map(({ event }) => (event.type === TICK ? 'tick' : event.type));
  return `from ${name}, reaches ${JSON.stringify(path.state.value)}: ${events.join(' → ') || '(start)'}`;
}

async function replay(h: Harness, input: QuestionInput, path: (typeof allPaths)[number]['path'], check: boolean) {
  let expected = getInitialSnapshot(questionMachine, input);
  await path.test({
    events: Object.fromEntries(
      Object.keys(eventDrivers).map((type) => [
        type,
        async (step: { event: { type: string } }) => {
          const event = step.event as ModelEvent;
          expected = getNextSnapshot(modelLogic, expected, event);
          await drive(h, event);
        },
      ]),
    ),
    states: {
      '*': (modelState) => {
        if (!check) return;
        const s = h.snapshot();
        expect(s.value).toEqual(modelState.value);
        expect(s.value).toEqual(expected.value);
        expect(s.context).toEqual(expected.context);
      },
      ...Object.fromEntries(Object.entries(stateAssertions).map(([key, assert]) => [key, () => (check ? assert(h) : undefined)])),
    },
  });
}

describe('question machine, model-based', () => {
  it('has an assertion for every state node, and none for a state that does not exist', () => {
    expectAssertionPerState(nodes.map(statePath), stateAssertions);
  });

  it(`paths visit every state node at rest (but the transient one) and take all ${definedTransitions(questionMachine).size} transitions`, async () => {
    await expectPathsCover({
      machine: 'question',
      definition: questionMachine,
      paths: allPaths,
      stepsOf: (entry) => entry.path.steps,
      replay: async (entry) => {
        const h = createHarness(entry.input).start();
        await replay(h, entry.input, entry.path, false);
        h.actor.stop();
        return h.recorder.taken;
      },
      transient: ['restoring'],
    });
  });

  describe.each(allPaths.map((entry) => [describePath(entry), entry] as const))('%s', (_description, entry) => {
    it('the actor follows the chart and holds every state assertion', async () => {
      const h = createHarness(entry.input).start();
      await replay(h, entry.input, entry.path, true);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Scenarios an operator would notice.

describe('question machine, scenarios', () => {
  const shownFor = async (seconds: number) => {
    const h = createHarness({ questionId: 7, status: 0, timed: true, answeringSeconds: seconds }).start();
    h.send({ type: 'host.showQuestion' });
    await h.resolve('showQuestion', { deadline: T0 + seconds * 1000, serverTime: T0 });
    return h;
  };

  it('counts down the answering seconds once a second and publishes the answer by itself at zero', async () => {
    const h = await shownFor(15);
    const seen: Array<number | null> = [selectRemainingSeconds(h.snapshot())];
    for (let i = 0; i < 14; i++) {
      h.clock.increment(1_000);
      seen.push(selectRemainingSeconds(h.snapshot()));
    }
    expect(seen).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(h.running()).toEqual([]);
    h.clock.increment(999);
    expect(h.running(), 'not a moment early').toEqual([]);
    h.clock.increment(1);
    expect(h.snapshot().value).toBe('publishingAnswer');
    expect(h.only('publishAnswer').input).toEqual({ questionId: 7 });
    await h.resolve('publishAnswer', {});
    expect(selectStatus(h.snapshot())).toBe(2);
  });

  it('publish-now asks 是否公佈答案 first; cancelling keeps the countdown going', async () => {
    const h = await shownFor(10);
    h.send({ type: 'host.publishNow' });
    expect(selectIsConfirmingPublish(h.snapshot())).toBe(true);
    expect(h.running()).toEqual([]);
    h.advance(3_000);
    expect(selectRemainingSeconds(h.snapshot()), 'the countdown runs while the dialog is open').toBe(7);
    h.send({ type: 'host.cancel' });
    expect(selectIsConfirmingPublish(h.snapshot())).toBe(false);
    h.send({ type: 'host.publishNow' });
    h.send({ type: 'host.confirm' });
    expect(h.only('publishAnswer')).toBeTruthy();
    h.send({ type: 'host.confirm' });
    h.send({ type: 'host.publishNow' });
    expect(h.invocations.filter((i) => i.name === 'publishAnswer'), 'one call, however often it is pressed').toHaveLength(1);
  });

  it('the countdown reaching zero while the dialog is open publishes once and closes the dialog', async () => {
    const h = await shownFor(2);
    h.send({ type: 'host.publishNow' });
    h.advance(2_000);
    expect(h.snapshot().value).toBe('publishingAnswer');
    h.send({ type: 'host.confirm' });
    expect(h.invocations.filter((i) => i.name === 'publishAnswer')).toHaveLength(1);
  });

  it('a reloaded control screen resumes the countdown from what the server says is left', async () => {
    const h = createHarness({ questionId: 7, status: 1, timed: true, answeringSeconds: 30, remainingMs: 12_300 }).start();
    expect(selectRemainingSeconds(h.snapshot())).toBe(13);
    h.clock.increment(300);
    expect(selectRemainingSeconds(h.snapshot()), 'snaps to whole seconds').toBe(12);
    h.advance(12_000);
    expect(h.snapshot().value).toBe('publishingAnswer');
  });

  it('a screen reloaded after the deadline publishes at once (the server applies it once)', () => {
    const h = createHarness({ questionId: 7, status: 1, timed: true, answeringSeconds: 30, remainingMs: 0 }).start();
    expect(h.snapshot().value).toBe('publishingAnswer');
  });

  it.each([
    [0, 'notSent'],
    [2, 'answerPublished'],
    [3, 'rankingPublished'],
  ] as const)('restores status %i as %s', (status, state) => {
    const h = createHarness({ questionId: 7, status, timed: true, answeringSeconds: 5 }).start();
    expect(h.snapshot().value).toBe(state);
    expect(selectStatus(h.snapshot())).toBe(status);
  });

  it('the server event that arrives before the HTTP answer moves the screen on, and the late answer changes nothing', async () => {
    const h = createHarness({ questionId: 7, status: 0, timed: true, answeringSeconds: 20 }).start();
    h.send({ type: 'host.showQuestion' });
    const call = h.only('showQuestion');
    h.send({ type: 'server.questionShown', deadline: T0 + 20_000, serverTime: T0 + 1_000 });
    expect(selectRemainingSeconds(h.snapshot())).toBe(19);
    expect(call.status).toBe('stopped');
    call.resolve({ deadline: T0 + 20_000, serverTime: T0 });
    await flush();
    expect(selectRemainingSeconds(h.snapshot())).toBe(19);
  });

  it('a failed show returns to not sent with the message; a failed auto publish waits for a retry', async () => {
    const h = createHarness({ questionId: 7, status: 0, timed: true, answeringSeconds: 1 }).start();
    h.send({ type: 'host.showQuestion' });
    await h.reject('showQuestion', { message: '目前有其他題目進行中' });
    expect(h.snapshot().value).toBe('notSent');
    expect(h.snapshot().context.error).toBe('目前有其他題目進行中');
    h.send({ type: 'host.showQuestion' });
    await h.resolve('showQuestion', { deadline: T0 + 1_000, serverTime: T0 });
    h.clock.increment(1_000);
    await h.reject('publishAnswer', new Error('Network Error'));
    expect(h.snapshot().value).toBe('publishFailed');
    h.advance(60_000);
    expect(h.running(), 'no retry loop').toEqual([]);
    h.send({ type: 'host.retry' });
    await h.resolve('publishAnswer', {});
    expect(selectStatus(h.snapshot())).toBe(2);
  });

  it('publishing the ranking is repeatable, and a failed re-publish keeps status 3', async () => {
    const h = createHarness({ questionId: 7, status: 2, timed: true, answeringSeconds: 5 }).start();
    h.send({ type: 'host.publishRanking' });
    await h.resolve('publishRanking', {});
    h.send({ type: 'host.publishRanking' });
    await h.reject('publishRanking', new Error('Network Error'));
    expect(selectStatus(h.snapshot())).toBe(3);
    h.send({ type: 'host.publishRanking' });
    await h.resolve('publishRanking', {});
    expect(h.snapshot().context.rankingsPublished).toBe(2);
  });

  it('without provided calls it fails safe: the placeholder rejects and the question stays not sent', async () => {
    const actor = createActor(questionMachine, { input: { questionId: 1, status: 0, timed: true, answeringSeconds: 5 } }).start();
    actor.send({ type: 'host.showQuestion' });
    await flush();
    expect(actor.getSnapshot().value).toBe('notSent');
    expect(actor.getSnapshot().context.error).toContain('not provided');
  });
});
