/**
 * The session machine as the SPA sees it: the chart run as a real actor whose injected effects are
 * fakes (a token cookie, the API client's waiting requests, the login/info/refresh/logout calls).
 *
 * Model-based part: the pure chart is traversed with `xstate/graph`. The outcomes of the invoked calls
 * are part of the model as the events the machine receives from them (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`); replaying a path settles the fake call that is really running, so every
 * step goes through the actor, its invocations and its injected actions. After every step the actor
 * must agree with the chart (state and context) and satisfy the assertions of each state it is in.
 * The coverage test fails with the list of state nodes and transitions no path visits.
 * The scenarios below it replay what an operator notices: a refresh shared by waiting requests, forced
 * logouts, and the menu and company list rebuilt in place when the server says the access changed.
 */
import { describe, expect, it } from 'vitest';
import {
  createActor,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  matchesState,
  type ActorLogic,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type OutputFrom,
} from 'xstate';
import { TestModel, getStateNodes } from 'xstate/graph';
import {
  FALLBACK_ERROR,
  INFO_ROLES_ERROR,
  LOGGED_OUT_ERROR,
  NO_SESSION_ERROR,
  sessionMachine,
  type SessionSnapshot,
} from '@machines/session/session.machine';
import {
  selectAccessedRoutes,
  selectCompanies,
  selectError,
  selectIsBusy,
  selectIsLoggedIn,
  selectIsRefreshing,
  selectIsReloadingInfo,
  selectLastUsername,
  selectLogoutReason,
  selectRoles,
  selectToken,
  selectUnreadCount,
  selectUserInfo,
} from '@machines/session/selectors';
import type { InfoPayload, RetryNotice, SessionEvent, SessionInput } from '@machines/session/types';
import { expectAssertionPerState, reportCoverage } from './support/coverage-report';

// ---------------------------------------------------------------------------------------------
// The events of the model: what the SPA sends, plus the outcomes of every invoked call.

type Children = Required<SessionSnapshot['children']>;
type InvokeId = keyof Children & string;
/** `xstate.done.actor.<id>` / `xstate.error.actor.<id>` for every invoke of the chart. */
type ActorOutcomeEvent = {
  [K in InvokeId]:
    | { type: `xstate.done.actor.${K}`; output: OutputFrom<NonNullable<Children[K]>> }
    | { type: `xstate.error.actor.${K}`; error: unknown };
}[InvokeId];
type ModelEvent = SessionEvent | ActorOutcomeEvent;

const CREDENTIALS = { username: 'ada', password: 'secret' } as const;
const INFO_OK: InfoPayload = {
  user_info: { roles: ['admin'], name: 'Ada', avatar: '/avatar.png', email: 'ada@example.com', permissions: ['notification'] },
  accessed_routes: [{ path: '/notification', meta: { roles: ['admin'] } }],
  unread_notification_count: 2,
  companies: [{ id: 1, name: 'Default company' }],
};
const INFO_NO_ROLES: InfoPayload = { ...INFO_OK, user_info: { ...INFO_OK.user_info, roles: [] } };
/** The info after the admin was granted more: one more menu entry and permission, a second company. */
const INFO_GRANTED: InfoPayload = {
  ...INFO_OK,
  user_info: { ...INFO_OK.user_info, permissions: ['notification', 'audit.list'] },
  accessed_routes: [...(INFO_OK.accessed_routes ?? []), { path: '/admin/audit', name: 'audit.index' }],
  companies: [
    { id: 1, name: 'Default company' },
    { id: 2, name: 'Harbour Events' },
  ],
};

/** The events offered in every state of the traversal; the chart keeps those it can take. */
function modelEvents(snapshot: SessionSnapshot): ModelEvent[] {
  const requestId = `req-${snapshot.context.pendingRetries.length + 1}`;
  return [
    { type: 'user.login', ...CREDENTIALS },
    { type: 'user.logout' },
    { type: 'user.profileUpdated', name: 'Ada L.', email: 'ada.l@example.com' },
    { type: 'api.tokenExpired', requestId },
    { type: 'api.tokenExpired', requestId, sentToken: 'stale-token' },
    { type: 'api.tokenRenewed', token: 'renewed-token' },
    { type: 'api.needLogin', message: 'Please log in again' },
    { type: 'api.sessionReplaced', message: 'Your account logged in elsewhere' },
    { type: 'server.notificationCount', count: 7 },
    { type: 'server.accessChanged' },
    { type: 'user.companiesChanged' },
    { type: 'xstate.done.actor.readStoredToken', output: 'stored-token' },
    { type: 'xstate.done.actor.readStoredToken', output: null },
    { type: 'xstate.error.actor.readStoredToken', error: new Error('cookies are blocked') },
    { type: 'xstate.done.actor.authenticate', output: { token: 'login-token' } },
    { type: 'xstate.error.actor.authenticate', error: new Error('Wrong username or password') },
    { type: 'xstate.done.actor.loadInfo', output: INFO_OK },
    { type: 'xstate.done.actor.loadInfo', output: INFO_NO_ROLES },
    { type: 'xstate.error.actor.loadInfo', error: new Error('Verification failed, please Login again.') },
    { type: 'xstate.error.actor.loadInfo', error: undefined },
    { type: 'xstate.done.actor.refreshToken', output: { token: 'refreshed-token' } },
    { type: 'xstate.error.actor.refreshToken', error: new Error('Refresh token expired') },
    { type: 'xstate.done.actor.reloadInfo', output: INFO_GRANTED },
    { type: 'xstate.done.actor.reloadInfo', output: INFO_NO_ROLES },
    { type: 'xstate.error.actor.reloadInfo', error: new Error('Network Error') },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: new Error('Network Error') },
  ];
}

// ---------------------------------------------------------------------------------------------
// The harness: the machine provided with fakes, run as an actor.

type ActorName = InvokeId;
interface Invocation {
  name: ActorName;
  input: unknown;
  status: 'running' | 'resolved' | 'rejected' | 'stopped';
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Lets the settled promise reach the actor and everything it triggers run (no timers involved). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function createHarness(input: SessionInput = { lastUsername: null }) {
  const invocations: Invocation[] = [];
  const notices: RetryNotice[] = [];
  const expiredIds: string[] = [];
  const storage = { token: null as string | null, lastUsername: null as string | null, clears: 0 };

  const fake = <TOutput, TInput>(name: ActorName) =>
    fromPromise<TOutput, TInput>(
      ({ input: actorInput, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const invocation: Invocation = {
            name,
            input: actorInput,
            status: 'running',
            resolve: (output) => {
              invocation.status = 'resolved';
              resolve(output as TOutput);
            },
            reject: (error) => {
              invocation.status = 'rejected';
              reject(error);
            },
          };
          signal.addEventListener('abort', () => {
            if (invocation.status === 'running') invocation.status = 'stopped';
          });
          invocations.push(invocation);
        }),
    );

  const machine = sessionMachine.provide({
    actors: {
      readStoredToken: fake('readStoredToken'),
      authenticate: fake('authenticate'),
      loadInfo: fake('loadInfo'),
      refreshToken: fake('refreshToken'),
      reloadInfo: fake('reloadInfo'),
      logout: fake('logout'),
    },
    actions: {
      storeToken: (_, params) => {
        storage.token = params.token;
      },
      clearStoredToken: () => {
        storage.token = null;
        storage.clears += 1;
      },
      notifyRetries: (_, params) => {
        notices.push(params);
      },
      rememberLastUsername: (_, params) => {
        storage.lastUsername = params.username;
      },
    },
  });
  const actor = createActor(machine, { input });
  /** How many times the session went into `refreshing` from elsewhere: one refresh call each, no more. */
  const episodes = { refreshing: 0 };
  let wasRefreshing = false;
  actor.subscribe((snapshot) => {
    const refreshing = selectIsRefreshing(snapshot);
    if (refreshing && !wasRefreshing) episodes.refreshing += 1;
    wasRefreshing = refreshing;
  });

  const running = (name?: ActorName) =>
    invocations.filter((i) => i.status === 'running' && (name === undefined || i.name === name));

  function only(name: ActorName): Invocation {
    const found = running(name);
    expect(found, `exactly one running ${name} call`).toHaveLength(1);
    return found[0]!;
  }

  return {
    actor,
    invocations,
    notices,
    expiredIds,
    storage,
    episodes,
    running,
    only,
    snapshot: () => actor.getSnapshot(),
    start() {
      actor.start();
      return this;
    },
    send(event: SessionEvent) {
      if (event.type === 'api.tokenExpired') expiredIds.push(event.requestId);
      actor.send(event);
    },
    async resolve(name: ActorName, output: unknown) {
      only(name).resolve(output);
      await flush();
    },
    async reject(name: ActorName, error: unknown) {
      only(name).reject(error);
      await flush();
    },
    /** Ids the API client was told to replay or reject, in order. */
    settledIds: () => notices.flatMap((n) => n.ids),
    refreshCalls: () => invocations.filter((i) => i.name === 'refreshToken').length,
  };
}
type Harness = ReturnType<typeof createHarness>;

/** `active` with nothing in flight: the token valid, the info current. */
const ACTIVE_IDLE = { active: { token: 'valid', info: 'current' } } as const;

/** Start-up with a token in the cookie and a valid info call: the session is active. */
async function activeHarness(): Promise<Harness> {
  const h = createHarness().start();
  h.storage.token = 'stored-token';
  await h.resolve('readStoredToken', 'stored-token');
  await h.resolve('loadInfo', INFO_OK);
  expect(h.snapshot().value).toEqual(ACTIVE_IDLE);
  return h;
}

// ---------------------------------------------------------------------------------------------
// Event drivers: how each model event is made to happen on the real actor.

type Driver<E> = (h: Harness, event: E) => void | Promise<void>;
const send: Driver<SessionEvent> = (h, event) => h.send(event);

const eventDrivers = {
  'user.login': send,
  'user.logout': send,
  'user.profileUpdated': send,
  'api.tokenExpired': send,
  'api.tokenRenewed': send,
  'api.needLogin': send,
  'api.sessionReplaced': send,
  'server.notificationCount': send,
  'server.accessChanged': send,
  'user.companiesChanged': send,
  'xstate.done.actor.readStoredToken': (h, e) => {
    h.storage.token = e.output; // the cookie the fake storage "read"
    return h.resolve('readStoredToken', e.output);
  },
  'xstate.error.actor.readStoredToken': (h, e) => h.reject('readStoredToken', e.error),
  'xstate.done.actor.authenticate': (h, e) => h.resolve('authenticate', e.output),
  'xstate.error.actor.authenticate': (h, e) => h.reject('authenticate', e.error),
  'xstate.done.actor.loadInfo': (h, e) => h.resolve('loadInfo', e.output),
  'xstate.error.actor.loadInfo': (h, e) => h.reject('loadInfo', e.error),
  'xstate.done.actor.refreshToken': (h, e) => h.resolve('refreshToken', e.output),
  'xstate.error.actor.refreshToken': (h, e) => h.reject('refreshToken', e.error),
  'xstate.done.actor.reloadInfo': (h, e) => h.resolve('reloadInfo', e.output),
  'xstate.error.actor.reloadInfo': (h, e) => h.reject('reloadInfo', e.error),
  'xstate.done.actor.logout': (h, e) => h.resolve('logout', e.output),
  'xstate.error.actor.logout': (h, e) => h.reject('logout', e.error),
} satisfies { [K in ModelEvent['type']]: Driver<Extract<ModelEvent, { type: K }>> };

function drive(h: Harness, event: ModelEvent): void | Promise<void> {
  const driver = eventDrivers[event.type] as Driver<ModelEvent>;
  return driver(h, event);
}

// ---------------------------------------------------------------------------------------------
// State assertions: one per state node of the chart, checked on the real actor.

function occurrences(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** Every 401 the machine accepted is waiting or was settled, exactly once: none hangs, none twice. */
function expectEveryRetryAccountedFor(h: Harness) {
  const accounted = [...h.settledIds(), ...h.snapshot().context.pendingRetries];
  expect(occurrences(accounted)).toEqual(occurrences(h.expiredIds));
}

type StateAssertion = (h: Harness) => void;
const stateAssertions: Record<string, StateAssertion> = {
  checking: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(h.running().map((i) => i.name)).toEqual(['readStoredToken']);
  },
  loggedOut: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(false);
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(selectToken(s)).toBeNull();
    expect(selectUserInfo(s)).toBeNull();
    expect(s.context.pendingRetries).toEqual([]);
    expect(h.storage.token, 'no token cookie left behind').toBeNull();
    expect(h.running(), 'no call left running').toEqual([]);
    const reason = selectLogoutReason(s);
    if (reason === 'logout') expect(selectError(s)).toBeNull();
    if (reason !== null && reason !== 'logout') expect(selectError(s)).toMatch(/\S/);
  },
  authenticating: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectToken(s)).toBeNull();
    expect(selectError(s)).toBeNull();
    expect(h.only('authenticate').input).toEqual(CREDENTIALS);
    expect(h.running()).toHaveLength(1);
  },
  loadingInfo: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(selectToken(s)).toMatch(/\S/);
    expect(h.storage.token).toBe(selectToken(s));
    // Called with the token the session had on entry (a response may renew it while the call runs).
    expect(h.only('loadInfo').input).toEqual({ token: expect.stringMatching(/\S/) });
    expect(h.running()).toHaveLength(1);
  },
  active: (h) => {
    const s = h.snapshot();
    expect(selectIsLoggedIn(s)).toBe(true);
    expect(selectIsBusy(s)).toBe(false);
    expect(selectRoles(s).length).toBeGreaterThan(0);
    expect(selectToken(s)).toMatch(/\S/);
    expect(h.storage.token, 'the cookie holds the token in use').toBe(selectToken(s));
    expect(selectError(s)).toBeNull();
    expect(selectAccessedRoutes(s).length, 'the menu is built from the info').toBeGreaterThan(0);
    expect(selectCompanies(s).length, 'the company list is known').toBeGreaterThan(0);
    const calls = h.running().map((i) => i.name);
    expect(calls.filter((name) => name !== 'refreshToken' && name !== 'reloadInfo'), 'only the two regions call').toEqual([]);
  },
  'active.token': (h) => {
    expect(h.running('refreshToken').length, 'never two refreshes').toBeLessThanOrEqual(1);
  },
  'active.token.valid': (h) => {
    const s = h.snapshot();
    expect(selectIsRefreshing(s)).toBe(false);
    expect(s.context.pendingRetries).toEqual([]);
    expect(h.running('refreshToken')).toEqual([]);
  },
  'active.token.refreshing': (h) => {
    const s = h.snapshot();
    expect(selectIsRefreshing(s)).toBe(true);
    expect(s.context.pendingRetries.length).toBeGreaterThan(0);
    expect(h.running('refreshToken'), 'one refresh at a time').toHaveLength(1);
  },
  'active.info': (h) => {
    expect(h.running('reloadInfo').length, 'never two reloads').toBeLessThanOrEqual(1);
    expect(selectIsBusy(h.snapshot()), 'a reload shows no spinner').toBe(false);
  },
  'active.info.current': (h) => {
    expect(selectIsReloadingInfo(h.snapshot())).toBe(false);
    expect(h.running('reloadInfo')).toEqual([]);
  },
  'active.info.reloading': (h) => {
    expect(selectIsReloadingInfo(h.snapshot())).toBe(true);
    expect(selectIsLoggedIn(h.snapshot()), 'the session stays on screen').toBe(true);
    expect(h.only('reloadInfo').input).toBeUndefined();
  },
  loggingOut: (h) => {
    const s = h.snapshot();
    expect(selectIsBusy(s)).toBe(true);
    expect(selectIsLoggedIn(s)).toBe(false);
    expect(s.context.pendingRetries).toEqual([]);
    expect(h.only('logout').input).toEqual({ token: selectToken(s) });
    expect(h.running()).toHaveLength(1);
  },
};

const statePath = (node: AnyStateNode) => node.path.join('.');
const allStateNodes = getStateNodes(sessionMachine.root);

// ---------------------------------------------------------------------------------------------
// The model and its paths.

/** Payloads shown by name in vertex keys and test names. */
const PAYLOAD_NAMES = new Map<unknown, string>([
  [INFO_OK, 'INFO_OK'],
  [INFO_NO_ROLES, 'INFO_NO_ROLES'],
  [INFO_GRANTED, 'INFO_GRANTED'],
]);

function serializeEvent(event: ModelEvent | { type: string }): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : (PAYLOAD_NAMES.get(value) ?? value),
  );
}

/**
 * A vertex of the traversal is "this state, reached by this event from that state" (request ids left
 * out, context left out): finitely many, and one shortest path to each covers every transition.
 */
function serializeVertex(snapshot: SessionSnapshot, event: ModelEvent | undefined, previous?: SessionSnapshot): string {
  const value = JSON.stringify(snapshot.value);
  if (!event || !previous) return value;
  const { requestId: _omitted, ...shape } = event as ModelEvent & { requestId?: string };
  return `${value} via ${serializeEvent(shape as ModelEvent)} from ${JSON.stringify(previous.value)}`;
}

/**
 * The chart also receives the outcome events of its invoked calls, which its event union does not list;
 * the traversal sends them too, so the model is the machine seen as logic over `ModelEvent`.
 */
const modelLogic = sessionMachine as unknown as ActorLogic<SessionSnapshot, ModelEvent, SessionInput>;
const model = new TestModel(modelLogic, {
  input: { lastUsername: null },
  events: modelEvents,
  filterEvents: (snapshot, event) => snapshot.can(event as SessionEvent),
  serializeState: serializeVertex,
  serializeEvent,
  stateMatcher: (snapshot, key) => key === '*' || matchesState(key, snapshot.value),
});
const paths = model.getShortestPaths();

/** "reaches <state>: <event> → <event> …", from the path's own events (not the vertex's context). */
function describePath(path: (typeof paths)[number]): string {
  const events = path.steps.slice(1).map(({ event }) => {
    const { type, ...payload } = event as ModelEvent & Record<string, unknown>;
    const shown = serializeEvent(payload as ModelEvent);
    return shown === '{}' ? type : `${type} ${shown}`;
  });
  return `reaches ${JSON.stringify(path.state.value)}: ${events.join(' → ') || '(start)'}`;
}

/** Every transition the chart defines, labelled for the failure message. */
function definedTransitions(): Map<AnyTransitionDefinition, string> {
  const transitions = new Map<AnyTransitionDefinition, string>();
  for (const node of [sessionMachine.root, ...allStateNodes]) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition, index) => {
        const source = statePath(node) || '(machine)';
        const target = definition.target?.map((t) => statePath(t)).join(',') ?? '(stays)';
        const guard = definition.guard ? ` [${typeof definition.guard === 'object' ? definition.guard.type : 'guard'}]` : '';
        const which = definitions.length > 1 ? `#${index + 1}` : '';
        transitions.set(definition, `${source} --${eventType}${which}${guard}--> ${target}`);
      });
    }
  }
  return transitions;
}

describe('session machine, model-based', () => {
  it('has an assertion for every state node, and none for a state that does not exist', () => {
    expectAssertionPerState(allStateNodes.map(statePath), stateAssertions);
  });

  const transitions = definedTransitions();
  it(`paths visit all ${allStateNodes.length} state nodes and all ${transitions.size} transitions`, () => {
    const visitedNodes = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        for (const node of allStateNodes) if (matchesState(statePath(node), step.state.value)) visitedNodes.add(statePath(node));
        const previous = path.steps[index - 1];
        if (!previous) return;
        for (const definition of sessionMachine.getTransitionData(previous.state, step.event as SessionEvent)) {
          taken.add(transitions.get(definition) ?? `unknown transition on ${definition.eventType}`);
        }
      });
    }
    reportCoverage({
      machine: 'session',
      paths: paths.length,
      replayedIn: 'machine',
      states: allStateNodes.map(statePath),
      statesVisited: [...visitedNodes],
      transitions: [...transitions.values()],
      transitionsTaken: [...taken].filter((label) => !label.startsWith('unknown')),
    });
    expect(allStateNodes.map(statePath).filter((path) => !visitedNodes.has(path)), 'state nodes no path visits').toEqual([]);
    expect([...transitions.values()].filter((label) => !taken.has(label)), 'transitions no path takes').toEqual([]);
    expect([...taken].filter((label) => label.startsWith('unknown')), 'transitions not found in the chart').toEqual([]);
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))('%s', (_description, path) => {
    it('the actor follows the chart and holds every state assertion', async () => {
      const h = createHarness().start();
      let expected = getInitialSnapshot(sessionMachine, { lastUsername: null });
      await path.test({
        events: Object.fromEntries(
          Object.keys(eventDrivers).map((type) => [
            type,
            async (step: { event: { type: string } }) => {
              const event = step.event as ModelEvent;
              expected = getNextSnapshot(sessionMachine, expected, event as SessionEvent);
              await drive(h, event);
            },
          ]),
        ),
        states: {
          '*': (modelState) => {
            const s = h.snapshot();
            expect(s.status).toBe('active');
            expect(s.value).toEqual(modelState.value);
            expect(s.value).toEqual(expected.value);
            expect(s.context).toEqual(expected.context);
            expectEveryRetryAccountedFor(h);
            expect(h.refreshCalls(), 'one refresh call per refreshing episode').toBe(h.episodes.refreshing);
          },
          ...Object.fromEntries(Object.entries(stateAssertions).map(([key, assert]) => [key, () => assert(h)])),
        },
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Scenarios an operator would notice.

describe('session machine, scenarios', () => {
  it('starts logged out when there is no stored token', async () => {
    const h = createHarness().start();
    expect(h.snapshot().value).toBe('checking');
    await h.resolve('readStoredToken', null);
    expect(h.snapshot().value).toBe('loggedOut');
    expect(selectLogoutReason(h.snapshot())).toBeNull();
    expect(selectError(h.snapshot())).toBeNull();
  });

  it('logs in: stores the token and the username, loads the info, becomes active', async () => {
    const h = createHarness({ lastUsername: 'bob' }).start();
    await h.resolve('readStoredToken', null);
    expect(selectLastUsername(h.snapshot())).toBe('bob');
    h.send({ type: 'user.login', ...CREDENTIALS });
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(h.only('authenticate').input).toEqual(CREDENTIALS);
    await h.resolve('authenticate', { token: 'login-token' });
    expect(h.storage.token).toBe('login-token');
    expect(selectLastUsername(h.snapshot())).toBe('ada');
    expect(h.storage.lastUsername).toBe('ada');
    expect(h.only('loadInfo').input).toEqual({ token: 'login-token' });
    await h.resolve('loadInfo', INFO_OK);
    const s = h.snapshot();
    expect(selectIsLoggedIn(s)).toBe(true);
    expect(selectRoles(s)).toEqual(['admin']);
    expect(selectUserInfo(s)).toEqual({
      roles: ['admin'],
      name: 'Ada',
      avatar: '/avatar.png',
      email: 'ada@example.com',
      permissions: ['notification'],
    });
    expect(s.context.accessedRoutes).toEqual(INFO_OK.accessed_routes);
    expect(selectUnreadCount(s)).toBe(2);
    expect(JSON.stringify(s.context)).not.toContain('secret');
  });

  it('a failed login stays logged out with the message and keeps the last username', async () => {
    const h = createHarness({ lastUsername: 'bob' }).start();
    await h.resolve('readStoredToken', null);
    h.send({ type: 'user.login', ...CREDENTIALS });
    await h.reject('authenticate', new Error('Wrong username or password'));
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectError(s)).toBe('Wrong username or password');
    expect(selectLastUsername(s)).toBe('bob');
    expect(h.storage.lastUsername).toBeNull();
    h.send({ type: 'user.login', ...CREDENTIALS });
    expect(selectError(h.snapshot()), 'a new attempt clears the old message').toBeNull();
  });

  it('three 401s while valid start exactly one refresh and all three are replayed with the new token', async () => {
    const h = await activeHarness();
    for (const requestId of ['r1', 'r2', 'r3']) h.send({ type: 'api.tokenExpired', requestId });
    expect(h.refreshCalls()).toBe(1);
    expect(selectIsRefreshing(h.snapshot())).toBe(true);
    expect(h.only('refreshToken').input).toEqual({ token: 'stored-token' });
    expect(h.notices).toEqual([]);

    await h.resolve('refreshToken', { token: 'new-token' });
    expect(h.refreshCalls()).toBe(1);
    expect(h.notices).toEqual([{ ids: ['r1', 'r2', 'r3'], token: 'new-token' }]);
    const s = h.snapshot();
    expect(s.value).toEqual(ACTIVE_IDLE);
    expect(selectToken(s)).toBe('new-token');
    expect(h.storage.token).toBe('new-token');
    expect(s.context.pendingRetries).toEqual([]);
  });

  it('a failed refresh rejects all three waiting requests and forces a logout', async () => {
    const h = await activeHarness();
    for (const requestId of ['r1', 'r2', 'r3']) h.send({ type: 'api.tokenExpired', requestId });
    await h.reject('refreshToken', new Error('Refresh token expired'));
    expect(h.refreshCalls()).toBe(1);
    expect(h.notices).toEqual([{ ids: ['r1', 'r2', 'r3'], error: 'Refresh token expired' }]);
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectLogoutReason(s)).toBe('refreshFailed');
    expect(selectError(s)).toBe('Refresh token expired');
    expect(selectToken(s)).toBeNull();
    expect(h.storage.token).toBeNull();
  });

  it('a 401 for a request sent with an older token is replayed at once, without another refresh', async () => {
    const h = await activeHarness();
    h.send({ type: 'api.tokenExpired', requestId: 'r1' });
    await h.resolve('refreshToken', { token: 'new-token' });
    h.send({ type: 'api.tokenExpired', requestId: 'late', sentToken: 'stored-token' });
    expect(h.refreshCalls()).toBe(1);
    expect(h.notices.at(-1)).toEqual({ ids: ['late'], token: 'new-token' });
    expect(h.snapshot().value).toEqual(ACTIVE_IDLE);
    h.send({ type: 'api.tokenExpired', requestId: 'current', sentToken: 'new-token' });
    expect(h.refreshCalls(), 'the current token expiring does refresh').toBe(2);
  });

  it('a 401 with no session to refresh is rejected at once', async () => {
    const h = createHarness().start();
    await h.resolve('readStoredToken', null);
    h.send({ type: 'api.tokenExpired', requestId: 'r1' });
    expect(h.notices).toEqual([{ ids: ['r1'], error: NO_SESSION_ERROR }]);
    expect(h.refreshCalls()).toBe(0);
  });

  it.each([
    ['an empty roles array', INFO_NO_ROLES],
    ['no roles at all', { ...INFO_OK, user_info: { ...INFO_OK.user_info, roles: null } }],
    ['no user_info', { accessed_routes: [] }],
  ])('info with %s logs out with the exact message and drops the token', async (_case, info) => {
    const h = createHarness().start();
    await h.resolve('readStoredToken', null);
    h.send({ type: 'user.login', ...CREDENTIALS });
    await h.resolve('authenticate', { token: 'login-token' });
    await h.resolve('loadInfo', info);
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectError(s)).toBe(INFO_ROLES_ERROR);
    expect(selectError(s)).toBe('getInfo: roles or permissions must be a non-null array!');
    expect(selectLogoutReason(s)).toBe('infoFailed');
    expect(h.storage.token).toBeNull();
    expect(selectUserInfo(s)).toBeNull();
  });

  it.each([
    ['its message', new Error('Verification failed, please Login again.'), 'Verification failed, please Login again.'],
    ["'Has Error' when it has none", undefined, FALLBACK_ERROR],
  ])('a failed info call (from a stored token) shows %s', async (_case, error, message) => {
    const h = createHarness().start();
    h.storage.token = 'stored-token';
    await h.resolve('readStoredToken', 'stored-token');
    await h.reject('loadInfo', error);
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectError(s)).toBe(message);
    expect(h.storage.token).toBeNull();
  });

  describe.each([
    ['api.needLogin', 'needLogin', 'Please log in again'],
    ['api.sessionReplaced', 'sessionReplaced', 'Your account logged in elsewhere'],
  ] as const)('%s', (type, reason, message) => {
    it('forces a logout from active', async () => {
      const h = await activeHarness();
      h.send({ type, message });
      const s = h.snapshot();
      expect(s.value).toBe('loggedOut');
      expect(selectLogoutReason(s)).toBe(reason);
      expect(selectError(s)).toBe(message);
      expect(selectToken(s)).toBeNull();
      expect(h.storage.token).toBeNull();
      expect(selectUserInfo(s)).toBeNull();
    });

    it('forces a logout while refreshing: the refresh is dropped and waiting requests are rejected', async () => {
      const h = await activeHarness();
      h.send({ type: 'api.tokenExpired', requestId: 'r1' });
      h.send({ type, message });
      expect(h.snapshot().value).toBe('loggedOut');
      expect(h.notices).toEqual([{ ids: ['r1'], error: message }]);
      expect(h.running()).toEqual([]);
      expect(h.invocations.find((i) => i.name === 'refreshToken')?.status).toBe('stopped');
    });

    it('forces a logout while the info is loading', async () => {
      const h = createHarness().start();
      h.storage.token = 'stored-token';
      await h.resolve('readStoredToken', 'stored-token');
      h.send({ type, message });
      expect(h.snapshot().value).toBe('loggedOut');
      expect(selectLogoutReason(h.snapshot())).toBe(reason);
      expect(h.storage.token).toBeNull();
    });
  });

  it('a renewed token from a response replaces the stored one and is used by the next refresh', async () => {
    const h = await activeHarness();
    h.send({ type: 'api.tokenRenewed', token: 'renewed-token' });
    expect(h.snapshot().value).toEqual(ACTIVE_IDLE);
    expect(selectToken(h.snapshot())).toBe('renewed-token');
    expect(h.storage.token).toBe('renewed-token');
    h.send({ type: 'api.tokenExpired', requestId: 'r1' });
    expect(h.only('refreshToken').input).toEqual({ token: 'renewed-token' });
  });

  it.each([
    ['succeeds', (h: Harness) => h.resolve('logout', undefined)],
    ['fails', (h: Harness) => h.reject('logout', new Error('Network Error'))],
  ])('logout ends the session when the call %s', async (_case, settle) => {
    const h = await activeHarness();
    h.send({ type: 'user.logout' });
    expect(h.snapshot().value).toBe('loggingOut');
    expect(selectIsBusy(h.snapshot())).toBe(true);
    expect(h.only('logout').input).toEqual({ token: 'stored-token' });
    await settle(h);
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectLogoutReason(s)).toBe('logout');
    expect(selectError(s)).toBeNull();
    expect(selectToken(s)).toBeNull();
    expect(h.storage.token).toBeNull();
    expect(h.storage.clears).toBe(1);
  });

  it('logging out while refreshing rejects the waiting requests', async () => {
    const h = await activeHarness();
    h.send({ type: 'api.tokenExpired', requestId: 'r1' });
    h.send({ type: 'user.logout' });
    expect(h.notices).toEqual([{ ids: ['r1'], error: LOGGED_OUT_ERROR }]);
    expect(h.running().map((i) => i.name)).toEqual(['logout']);
  });

  it('keeps the unread count and the profile up to date while active', async () => {
    const h = await activeHarness();
    h.send({ type: 'server.notificationCount', count: 5 });
    h.send({ type: 'user.profileUpdated', name: 'Ada L.', email: 'ada.l@example.com' });
    const s = h.snapshot();
    expect(selectUnreadCount(s)).toBe(5);
    expect(selectUserInfo(s)).toMatchObject({ name: 'Ada L.', email: 'ada.l@example.com', roles: ['admin'] });
  });

  it('without provided actors it fails safe: the placeholder rejects and the session is logged out', async () => {
    const actor = createActor(sessionMachine, { input: { lastUsername: null } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });
});

// ---------------------------------------------------------------------------------------------
// The access of a logged-in admin changes while its screens are open.

describe('session machine, access changed while logged in', () => {
  /** Records whether the session ever looked logged out or busy (a spinner, an unmounted layout). */
  function watchScreens(h: Harness) {
    const seen = { busy: false, loggedOut: false };
    h.actor.subscribe((snapshot) => {
      if (selectIsBusy(snapshot)) seen.busy = true;
      if (!selectIsLoggedIn(snapshot)) seen.loggedOut = true;
    });
    return seen;
  }

  it.each(['server.accessChanged', 'user.companiesChanged'] as const)(
    '%s reloads the info in place: the menu, permissions and companies are rebuilt, the session never leaves active',
    async (type) => {
      const h = await activeHarness();
      const seen = watchScreens(h);
      expect(selectCompanies(h.snapshot())).toEqual([{ id: 1, name: 'Default company' }]);

      h.send({ type });
      expect(h.snapshot().value).toEqual({ active: { token: 'valid', info: 'reloading' } });
      expect(selectIsReloadingInfo(h.snapshot())).toBe(true);
      await h.resolve('reloadInfo', INFO_GRANTED);

      const s = h.snapshot();
      expect(s.value).toEqual(ACTIVE_IDLE);
      expect(selectAccessedRoutes(s)).toEqual(INFO_GRANTED.accessed_routes);
      expect(selectUserInfo(s)?.permissions).toEqual(['notification', 'audit.list']);
      expect(selectCompanies(s)).toEqual([
        { id: 1, name: 'Default company' },
        { id: 2, name: 'Harbour Events' },
      ]);
      expect(selectToken(s), 'the same session').toBe('stored-token');
      expect(seen).toEqual({ busy: false, loggedOut: false });
    },
  );

  it('a second change while reloading asks again, and only the newer answer is kept', async () => {
    const h = await activeHarness();
    h.send({ type: 'server.accessChanged' });
    const first = h.only('reloadInfo');
    h.send({ type: 'server.accessChanged' });
    expect(first.status, 'the older call is dropped').toBe('stopped');
    await h.resolve('reloadInfo', INFO_GRANTED);
    first.resolve(INFO_OK); // a late answer of the dropped call changes nothing
    await flush();
    expect(selectAccessedRoutes(h.snapshot())).toEqual(INFO_GRANTED.accessed_routes);
    expect(h.invocations.filter((i) => i.name === 'reloadInfo')).toHaveLength(2);
  });

  it('reloads while the token refreshes: both run, and the session stays active', async () => {
    const h = await activeHarness();
    h.send({ type: 'api.tokenExpired', requestId: 'r1' });
    h.send({ type: 'server.accessChanged' });
    expect(h.snapshot().value).toEqual({ active: { token: 'refreshing', info: 'reloading' } });
    await h.resolve('refreshToken', { token: 'new-token' });
    await h.resolve('reloadInfo', INFO_GRANTED);
    expect(h.snapshot().value).toEqual(ACTIVE_IDLE);
    expect(h.notices).toEqual([{ ids: ['r1'], token: 'new-token' }]);
    expect(selectCompanies(h.snapshot())).toHaveLength(2);
  });

  it('a reload that fails keeps the menu the admin had, still logged in', async () => {
    const h = await activeHarness();
    h.send({ type: 'server.accessChanged' });
    await h.reject('reloadInfo', new Error('Network Error'));
    const s = h.snapshot();
    expect(s.value).toEqual(ACTIVE_IDLE);
    expect(selectAccessedRoutes(s)).toEqual(INFO_OK.accessed_routes);
    expect(selectError(s)).toBeNull();
  });

  it('an answer without roles ends the session as the first info call would', async () => {
    const h = await activeHarness();
    h.send({ type: 'server.accessChanged' });
    await h.resolve('reloadInfo', INFO_NO_ROLES);
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectLogoutReason(s)).toBe('infoFailed');
    expect(selectError(s)).toBe(INFO_ROLES_ERROR);
    expect(h.storage.token).toBeNull();
    expect(selectCompanies(s)).toEqual([]);
  });

  it('a disabled account: the reload gets code 202, the session ends and the reload is dropped', async () => {
    const h = await activeHarness();
    h.send({ type: 'server.accessChanged' });
    // The API client reports the 202 to the session before the call rejects.
    h.send({ type: 'api.needLogin', message: 'Your account was disabled' });
    const s = h.snapshot();
    expect(s.value).toBe('loggedOut');
    expect(selectLogoutReason(s)).toBe('needLogin');
    expect(selectError(s)).toBe('Your account was disabled');
    expect(h.invocations.find((i) => i.name === 'reloadInfo')?.status).toBe('stopped');
    expect(h.storage.token).toBeNull();
  });

  it('is ignored when nobody is logged in', async () => {
    const h = createHarness().start();
    await h.resolve('readStoredToken', null);
    h.send({ type: 'server.accessChanged' });
    expect(h.snapshot().value).toBe('loggedOut');
    expect(h.running()).toEqual([]);
  });
});
