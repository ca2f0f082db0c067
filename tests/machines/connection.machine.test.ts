/**
 * The connection machine (machines/connection/connection.machine.ts) over a fake realtime client
 * whose status the test changes: the machine follows the client's own events (no polling), holds
 * the client while it runs, skips the backoff wait on "retry", stays closed once the client closed, and
 * tells its owner each time the socket opens and whether it was a reconnect.
 *
 * Model-based part, as in the other machines' tests: every shortest path of the pure chart replayed
 * on the real actor, the socket events delivered by the fake client (so the wiring is what is
 * tested); after each step the actor agrees with the chart and holds the assertions of its state;
 * the coverage test lists state nodes and transitions no path reaches.
 */
import { describe, expect, it } from 'vitest';
import { createActor, getInitialSnapshot, getNextSnapshot, matchesState, type ActorLogic } from 'xstate';
import { TestModel } from 'xstate/graph';
import { connectionMachine, type ClientStatus, type ConnectionEvent, type ConnectionSnapshot } from '@machines/connection/connection.machine';
import { selectConnectionStatus, selectIsOpen, selectIsReconnecting, selectReconnects, selectWasRejected } from '@machines/connection/selectors';
import { allStateNodes, createTransitionRecorder, definedTransitions, statePath } from './support/model';
import { expectAssertionPerState, expectPathsCover } from './support/coverage-report';
import { FakeClient } from './support/fake-connection-client';


const MODEL_EVENTS: ConnectionEvent[] = [
  { type: 'socket.connecting' },
  { type: 'socket.open' },
  { type: 'socket.reconnecting' },
  { type: 'socket.closed' },
  { type: 'socket.rejected' },
  { type: 'connection.retry' },
];

function createHarness(client = new FakeClient()) {
  const recorder = createTransitionRecorder();
  const actor = createActor(connectionMachine, { input: { client }, inspect: recorder.inspect });
  recorder.watch(actor);
  const opened: boolean[] = [];
  actor.on('connection.opened', (event) => opened.push(event.reconnected));
  // The states the actor went through, each change once.
  const history: string[] = [];
  actor.subscribe((snapshot) => {
    const value = JSON.stringify(snapshot.value);
    if (history.at(-1) !== value) history.push(value);
  });
  return {
    history,
    actor,
    client,
    recorder,
    opened,
    snapshot: () => actor.getSnapshot(),
    start() {
      actor.start();
      return this;
    },
  };
}
type Harness = ReturnType<typeof createHarness>;

/** The events reach the actor the way they do in a page: from the client. */
function drive(h: Harness, event: ConnectionEvent): void {
  switch (event.type) {
    case 'socket.rejected':
      return h.client.reject();
    case 'connection.retry':
      return void h.actor.send(event);
    default: {
      const status = event.type.slice('socket.'.length) as ClientStatus;
      // The client only reports changes: a repeated status is sent as the event itself.
      if (h.client.status === status) h.actor.send(event);
      else h.client.setStatus(status);
    }
  }
}

const stateAssertions: Record<string, (h: Harness) => void> = {
  connecting: (h) => {
    expect(selectConnectionStatus(h.snapshot())).toBe('connecting');
    expect(selectIsOpen(h.snapshot())).toBe(false);
    expect(h.client.holders, 'the actor holds the client').toBe(1);
  },
  open: (h) => {
    expect(selectConnectionStatus(h.snapshot())).toBe('open');
    expect(selectIsOpen(h.snapshot())).toBe(true);
    expect(h.opened.length, 'the owner heard the socket open').toBeGreaterThan(0);
    expect(h.opened.at(-1), 'a reconnect when it came back from reconnecting').toBe(h.history.at(-2) === '"reconnecting"');
  },
  reconnecting: (h) => {
    expect(selectConnectionStatus(h.snapshot())).toBe('reconnecting');
    expect(selectIsReconnecting(h.snapshot())).toBe(true);
    expect(selectReconnects(h.snapshot())).toBeGreaterThan(0);
  },
  closed: (h) => {
    expect(selectConnectionStatus(h.snapshot())).toBe('closed');
    expect(selectIsOpen(h.snapshot())).toBe(false);
  },
};

const nodes = allStateNodes(connectionMachine);
const serializeVertex = (snapshot: ConnectionSnapshot) => `${JSON.stringify(snapshot.value)} rejected=${snapshot.context.rejected} lost=${snapshot.context.reconnects > 0}`;
const input = { client: new FakeClient() };
const modelLogic = connectionMachine as unknown as ActorLogic<ConnectionSnapshot, ConnectionEvent, typeof input>;
const model = new TestModel(modelLogic, {
  input,
  events: MODEL_EVENTS,
  filterEvents: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event),
  // Each vertex names the transition into it, so every transition is on some shortest path.
  serializeState: (snapshot, event, previous) => `${serializeVertex(snapshot)}${event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''}`,
  serializeEvent: (event) => JSON.stringify(event),
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
const paths = model.getShortestPaths();

async function replay(h: Harness, path: (typeof paths)[number], check: boolean) {
  let expected = getInitialSnapshot(modelLogic, input);
  await path.test({
    events: Object.fromEntries(
      MODEL_EVENTS.map(({ type }) => [
        type,
        (step: { event: ConnectionEvent }) => {
          expected = getNextSnapshot(modelLogic, expected, step.event);
          drive(h, step.event);
        },
      ]),
    ),
    states: {
      '*': (modelState) => {
        if (!check) return;
        expect(h.snapshot().value).toEqual(modelState.value);
        expect(h.snapshot().context.rejected).toBe(expected.context.rejected);
        expect(h.snapshot().context.reconnects).toBe(expected.context.reconnects);
      },
      ...Object.fromEntries(Object.entries(stateAssertions).map(([key, assert]) => [key, () => (check ? assert(h) : undefined)])),
    },
  });
}

describe('connection machine, model-based', () => {
  it('has an assertion for every state node, and none for a state that does not exist', () => {
    expectAssertionPerState(nodes.map(statePath), stateAssertions);
  });

  it(`paths visit all ${nodes.length} state nodes and take all ${definedTransitions(connectionMachine).size} transitions`, async () => {
    await expectPathsCover({
      machine: 'connection',
      definition: connectionMachine,
      paths,
      stepsOf: (path) => path.steps,
      replay: async (path) => {
        const h = createHarness().start();
        await replay(h, path, false);
        return h.recorder.taken;
      },
    });
  });

  describe.each(paths.map((path) => [`reaches ${serializeVertex(path.state)}: ${path.steps.slice(1).map((s) => s.event.type).join(' → ') || '(start)'}`, path] as const))('%s', (_name, path) => {
    it('the actor follows the chart and holds every state assertion', async () => {
      await replay(createHarness().start(), path, true);
    });
  });
});

describe('connection machine, scenarios', () => {
  it('holds the client while it runs: started with the actor, let go when the actor stops', () => {
    const h = createHarness().start();
    expect(h.client.holders).toBe(1);
    expect(h.client.starts).toBe(1);
    h.actor.stop();
    expect(h.client.holders).toBe(0);
  });

  it('a second holder of an open client starts open, and the socket stays for the other holder', () => {
    const client = new FakeClient();
    const first = createHarness(client).start();
    client.setStatus('open');
    const second = createHarness(client).start();
    expect(selectConnectionStatus(second.snapshot())).toBe('open');
    expect(second.opened).toEqual([false]);
    second.actor.stop();
    expect(client.holders).toBe(1);
    expect(selectConnectionStatus(first.snapshot())).toBe('open');
  });

  it('shows "reconnecting" after a loss, skips the wait on retry, and tells the owner it was a reconnect', () => {
    const h = createHarness().start();
    h.client.setStatus('open');
    h.client.setStatus('reconnecting');
    expect(selectIsReconnecting(h.snapshot())).toBe(true);
    h.actor.send({ type: 'connection.retry' });
    expect(h.client.retries).toBe(1);
    h.client.setStatus('open');
    expect(h.opened).toEqual([false, true]);
    expect(selectReconnects(h.snapshot())).toBe(1);
  });

  it('a refused ticket closes it for good', () => {
    const h = createHarness().start();
    h.client.reject();
    expect(selectConnectionStatus(h.snapshot())).toBe('closed');
    expect(selectWasRejected(h.snapshot())).toBe(true);
    h.actor.send({ type: 'connection.retry' });
    expect(h.client.retries, 'no retry of a closed client').toBe(0);
    h.client.setStatus('connecting');
    expect(selectConnectionStatus(h.snapshot()), 'a client started again by another holder leaves this actor closed').toBe('closed');
    expect(selectWasRejected(h.snapshot())).toBe(true);
  });
});
