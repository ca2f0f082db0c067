/**
 * The session statechart: who is logged in, with which token, and what happens when the server says
 * the token expired, the login is needed again, or the session was replaced elsewhere.
 * The API client and the route guard talk to this actor, not to cookies. Pure: no fetch, no storage,
 * no React; every effect (reading and storing the token, the login/info/refresh/logout calls, replaying
 * waiting requests) is injected with `sessionMachine.provide({ actors, actions })`.
 *
 * Why the chart has this shape:
 * - `checking` exists because the token cookie is read asynchronously at start-up; until it answers
 *   the route guard must neither let the user in nor send them to /login (tag `busy`).
 * - `authenticating` and `loadingInfo` are separate states because a token alone is not a session:
 *   a login is valid only once the info call returned a non-empty `roles` array. A
 *   stored token from the cookie skips `authenticating` and goes through the same `loadingInfo` check.
 *   Any info failure resets the stored token and lands in `loggedOut` with the message to show.
 * - `active` is parallel: two concerns that run independently while the user works.
 *   - `token`, `valid` ⇄ `refreshing`. The refresh is an invoke of `refreshing`, so there can never be
 *     two refreshes at a time: while refreshing, further 401s only add their request ids to
 *     `pendingRetries`. Leaving `refreshing` settles every queued id exactly once — replayed with the
 *     new token, or rejected when the refresh failed (forced logout) or the session ended another way.
 *   - `info`, `current` ⇄ `reloading`. When the server says the admin's access changed (or the user
 *     changed companies) the info is read again *inside* `active`: no spinner, the layout stays
 *     mounted, and the menu, permissions and company list are rebuilt from the answer. A second
 *     change while reloading restarts the call, so the last answer read is never older than the last
 *     change. The reload's own 401 waits for the token region's refresh like any request (that is why
 *     the regions are parallel); its 202/430 end the session through the same `api.*` events as any
 *     call; an answer without roles ends it like the first info call; any other failure keeps the
 *     info the session has.
 * - Forced logouts (202 need login, 430 session replaced) are handled on `active` (and on
 *   `loadingInfo`, whose info call can get them too), so they win over whatever the token region does.
 *   Why the session ended is data (`logoutReason`, `error`), not extra states: `loggedOut` behaves the
 *   same whatever the reason; the SPA decides what to show (message, confirm box, reload).
 * - `loggingOut` waits for the logout call and ends the session whether it succeeds or not.
 * - A 401 arriving when there is no active session (start-up, logged out, logging out, loading info)
 *   is rejected at once by a root-level handler, so no request ever waits for a refresh that cannot come.
 * Derived facts (logged in, busy, refreshing) are tags and state matches; see selectors.ts.
 */
import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ActorRefFrom,
  type EventObject,
  type ParameterizedObject,
  type SnapshotFrom,
} from 'xstate';
import type {
  AuthenticateOutput,
  CompanyOption,
  Credentials,
  InfoPayload,
  LogoutInput,
  LogoutReason,
  RefreshOutput,
  RetryNotice,
  SessionContext,
  SessionEvent,
  SessionInput,
  TokenInput,
  UserInfo,
} from './types.js';
import { errorMessage, FALLBACK_ERROR } from '../error-message.js';

/** Shown when a failure carries no message of its own. */
export { FALLBACK_ERROR };

/** The login info failure when roles are missing or empty (word for word: docs/product.md). */
export const INFO_ROLES_ERROR = 'getInfo: roles or permissions must be a non-null array!';
/** The error waiting requests are rejected with when the user logs out while they wait. */
export const LOGGED_OUT_ERROR = 'Logged out';
/** The error a 401 gets when there is no active session that could refresh its token. */
export const NO_SESSION_ERROR = 'No active session';

function infoHasRoles(info: InfoPayload | null | undefined): boolean {
  const roles: unknown = info?.user_info?.roles;
  return Array.isArray(roles) && roles.length > 0;
}

/** The well-formed `{id, name}` items of the info's company list. */
function toCompanies(info: InfoPayload): CompanyOption[] {
  if (!Array.isArray(info.companies)) return [];
  return info.companies.flatMap((item): CompanyOption[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, name } = item as { id?: unknown; name?: unknown };
    return typeof id === 'number' && Number.isInteger(id) && typeof name === 'string' ? [{ id, name }] : [];
  });
}

function toUserInfo(info: InfoPayload): UserInfo {
  const user = info.user_info ?? {};
  const roles = Array.isArray(user.roles) ? user.roles.map(String) : [];
  return {
    roles,
    name: user.name ?? '',
    avatar: user.avatar ?? '',
    email: user.email ?? '',
    permissions: Array.isArray(user.permissions) ? user.permissions : [],
  };
}

/** In `loadingInfo`, `active` and `loggingOut` the token is always set: every way into them assigns it. */
function currentToken(context: SessionContext): string {
  return context.token ?? '';
}

/** How the waiting requests are settled: replayed with a token, or rejected with an error message. */
type RetryOutcome = { token: string } | { error: string };

/**
 * `enqueueActions` for a named action of this machine that enqueues other named actions (`TAction`).
 * Spelling out which ones it may enqueue keeps setup()'s inference from going circular.
 */
function composeActions<TParams extends ParameterizedObject['params'] | undefined, TAction extends ParameterizedObject>(
  collect: Parameters<
    typeof enqueueActions<SessionContext, SessionEvent, TParams, SessionEvent, never, TAction, never, never, EventObject>
  >[0],
) {
  return enqueueActions(collect);
}

const notProvided = (name: string) => () => Promise.reject(new Error(`session machine: actor "${name}" not provided`));

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'authenticated',
    children: {} as {
      readStoredToken: 'readStoredToken';
      authenticate: 'authenticate';
      loadInfo: 'loadInfo';
      refreshToken: 'refreshToken';
      reloadInfo: 'reloadInfo';
      logout: 'logout';
    },
  },
  actors: {
    /** Reads the token cookie; resolves null when there is none. */
    readStoredToken: fromPromise<string | null>(notProvided('readStoredToken')),
    /** POST /login; resolves the token (`data.token_info.token`). */
    authenticate: fromPromise<AuthenticateOutput, Credentials>(notProvided('authenticate')),
    /** POST /info with the token; resolves the envelope's `data`. */
    loadInfo: fromPromise<InfoPayload, TokenInput>(notProvided('loadInfo')),
    /** POST /info again while logged in, with the session's current token; resolves the envelope's `data`. */
    reloadInfo: fromPromise<InfoPayload>(notProvided('reloadInfo')),
    /** POST /refresh with the expired token; resolves the new one (`access_token`). */
    refreshToken: fromPromise<RefreshOutput, TokenInput>(notProvided('refreshToken')),
    /** POST /logout with the token; its result does not matter. */
    logout: fromPromise<unknown, LogoutInput>(notProvided('logout')),
  },
  actions: {
    // Injected effects (no-ops until provided).
    /** Writes the token cookie (30 days). */
    storeToken: (_, _params: { token: string }) => {},
    /** Removes the token cookie. */
    clearStoredToken: () => {},
    /** Replays or rejects the API client's waiting requests. */
    notifyRetries: (_, _params: RetryNotice) => {},
    /** Persists who logged in last, so the next visit can seed `lastUsername` through the input. */
    rememberLastUsername: (_, _params: { username: string }) => {},

    // Context updates.
    beginLogin: assign((_, params: { username: string }) => ({
      pendingUsername: params.username,
      error: null,
      logoutReason: null,
    })),
    failLogin: assign((_, params: { message: string }) => ({ pendingUsername: null, error: params.message })),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    commitLastUsername: composeActions<undefined, { type: 'rememberLastUsername'; params: { username: string } }>(({ context, enqueue }) => {
      const username = context.pendingUsername;
      if (username === null) return;
      enqueue.assign({ lastUsername: username, pendingUsername: null });
      enqueue({ type: 'rememberLastUsername', params: { username } });
    }),
    applyInfo: assign((_, params: { info: InfoPayload }) => ({
      userInfo: toUserInfo(params.info),
      accessedRoutes: Array.isArray(params.info.accessed_routes) ? params.info.accessed_routes : [],
      unreadCount: params.info.unread_notification_count ?? 0,
      companies: toCompanies(params.info),
      error: null,
    })),
    setUnreadCount: assign((_, params: { count: number }) => ({ unreadCount: params.count })),
    updateProfile: assign(({ context }, params: { name: string; email: string }) => ({
      userInfo: context.userInfo && { ...context.userInfo, name: params.name, email: params.email },
    })),
    queueRetry: assign(({ context }, params: { requestId: string }) => ({
      pendingRetries: [...context.pendingRetries, params.requestId],
    })),
    /** Tells the API client to replay (token) or reject (error) every waiting request, then forgets them. */
    settleRetries: composeActions<RetryOutcome, { type: 'notifyRetries'; params: RetryNotice }>(({ context, enqueue }, params) => {
      if (context.pendingRetries.length === 0) return;
      enqueue({ type: 'notifyRetries', params: { ids: context.pendingRetries, ...params } });
      enqueue.assign({ pendingRetries: [] });
    }),
    /** Every way out of a session: waiting requests rejected, data dropped, token cookie removed. */
    endSession: composeActions<
      { reason: LogoutReason; message: string | null },
      { type: 'settleRetries'; params: RetryOutcome } | { type: 'clearStoredToken'; params: undefined }
    >(({ enqueue }, params) => {
      enqueue({ type: 'settleRetries', params: { error: params.message ?? LOGGED_OUT_ERROR } });
      enqueue.assign({
        token: null,
        userInfo: null,
        accessedRoutes: [],
        unreadCount: 0,
        companies: [],
        pendingUsername: null,
        error: params.message,
        logoutReason: params.reason,
      });
      enqueue('clearStoredToken');
    }),
  },
  guards: {
    isToken: (_, params: { token: string | null }) => typeof params.token === 'string' && params.token.length > 0,
    hasRoles: (_, params: { info: InfoPayload }) => infoHasRoles(params.info),
    /** The 401 came back for a request sent before the current token was obtained: just replay it. */
    sentWithOlderToken: ({ context }, params: { sentToken: string | undefined }) =>
      params.sentToken !== undefined && context.token !== null && params.sentToken !== context.token,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: null,
    userInfo: null,
    accessedRoutes: [],
    unreadCount: 0,
    companies: [],
    error: null,
    logoutReason: null,
    lastUsername: input.lastUsername,
    pendingUsername: null,
    pendingRetries: [],
  }),
  initial: 'checking',
  on: {
    'api.tokenExpired': {
      actions: {
        type: 'notifyRetries',
        params: ({ event }) => ({ ids: [event.requestId], error: NO_SESSION_ERROR }),
      },
    },
  },
  states: {
    checking: {
      description: 'Reading the stored token at start-up.',
      tags: 'busy',
      invoke: {
        id: 'readStoredToken',
        src: 'readStoredToken',
        onDone: [
          {
            guard: { type: 'isToken', params: ({ event }) => ({ token: event.output }) },
            target: 'loadingInfo',
            actions: { type: 'setToken', params: ({ event }) => ({ token: event.output ?? '' }) },
          },
          { target: 'loggedOut' },
        ],
        onError: { target: 'loggedOut' },
      },
    },
    loggedOut: {
      description: 'No session. `error` and `logoutReason` say why, if there was one.',
      on: {
        'user.login': {
          target: 'authenticating',
          actions: { type: 'beginLogin', params: ({ event }) => ({ username: event.username }) },
        },
      },
    },
    authenticating: {
      description: 'The login call is in flight.',
      tags: 'busy',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ event }) => {
          assertEvent(event, 'user.login');
          return { username: event.username, password: event.password };
        },
        onDone: {
          target: 'loadingInfo',
          actions: [
            { type: 'setToken', params: ({ event }) => ({ token: event.output.token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
            'commitLastUsername',
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: { type: 'failLogin', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    loadingInfo: {
      description: 'The user-info call is in flight; the session is valid only if it returns roles.',
      tags: 'busy',
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        input: ({ context }) => ({ token: currentToken(context) }),
        onDone: [
          {
            guard: { type: 'hasRoles', params: ({ event }) => ({ info: event.output }) },
            target: 'active',
            actions: { type: 'applyInfo', params: ({ event }) => ({ info: event.output }) },
          },
          {
            target: 'loggedOut',
            actions: { type: 'endSession', params: { reason: 'infoFailed', message: INFO_ROLES_ERROR } },
          },
        ],
        onError: {
          target: 'loggedOut',
          actions: {
            type: 'endSession',
            params: ({ event }) => ({ reason: 'infoFailed', message: errorMessage(event.error) }),
          },
        },
      },
      on: {
        'api.tokenRenewed': {
          actions: [
            { type: 'setToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'api.needLogin': {
          target: 'loggedOut',
          actions: { type: 'endSession', params: ({ event }) => ({ reason: 'needLogin', message: event.message }) },
        },
        'api.sessionReplaced': {
          target: 'loggedOut',
          actions: {
            type: 'endSession',
            params: ({ event }) => ({ reason: 'sessionReplaced', message: event.message }),
          },
        },
      },
    },
    active: {
      description: 'Logged in. Two parallel regions: the token (valid ⇄ refreshing) and the info (current ⇄ reloading).',
      tags: 'authenticated',
      type: 'parallel',
      on: {
        'user.logout': {
          target: 'loggingOut',
          actions: { type: 'settleRetries', params: { error: LOGGED_OUT_ERROR } },
        },
        'api.needLogin': {
          target: 'loggedOut',
          actions: { type: 'endSession', params: ({ event }) => ({ reason: 'needLogin', message: event.message }) },
        },
        'api.sessionReplaced': {
          target: 'loggedOut',
          actions: {
            type: 'endSession',
            params: ({ event }) => ({ reason: 'sessionReplaced', message: event.message }),
          },
        },
        'api.tokenRenewed': {
          actions: [
            { type: 'setToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'server.notificationCount': {
          actions: { type: 'setUnreadCount', params: ({ event }) => ({ count: event.count }) },
        },
        'user.profileUpdated': {
          actions: { type: 'updateProfile', params: ({ event }) => ({ name: event.name, email: event.email }) },
        },
      },
      states: {
        token: {
          description: 'The access token: valid ⇄ refreshing, one refresh at a time.',
          initial: 'valid',
          states: {
            valid: {
              description: 'Requests go out with the current token.',
              on: {
                'api.tokenExpired': [
                  {
                    guard: { type: 'sentWithOlderToken', params: ({ event }) => ({ sentToken: event.sentToken }) },
                    actions: {
                      type: 'notifyRetries',
                      params: ({ context, event }) => ({ ids: [event.requestId], token: currentToken(context) }),
                    },
                  },
                  {
                    target: 'refreshing',
                    actions: { type: 'queueRetry', params: ({ event }) => ({ requestId: event.requestId }) },
                  },
                ],
              },
            },
            refreshing: {
              description: 'The one refresh call is in flight; 401-failed requests wait in pendingRetries.',
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({ token: currentToken(context) }),
                onDone: {
                  target: 'valid',
                  actions: [
                    { type: 'setToken', params: ({ event }) => ({ token: event.output.token }) },
                    { type: 'storeToken', params: ({ event }) => ({ token: event.output.token }) },
                    { type: 'settleRetries', params: ({ event }) => ({ token: event.output.token }) },
                  ],
                },
                onError: {
                  target: '#session.loggedOut',
                  actions: {
                    type: 'endSession',
                    params: ({ event }) => ({ reason: 'refreshFailed', message: errorMessage(event.error) }),
                  },
                },
              },
              on: {
                'api.tokenExpired': {
                  actions: { type: 'queueRetry', params: ({ event }) => ({ requestId: event.requestId }) },
                },
              },
            },
          },
        },
        info: {
          description: 'The info the menu, permissions and company switcher are built from: current ⇄ reloading.',
          initial: 'current',
          states: {
            current: {
              description: 'The info of the last successful call is on screen.',
              on: {
                'server.accessChanged': { target: 'reloading' },
                'user.companiesChanged': { target: 'reloading' },
              },
            },
            reloading: {
              description: 'The info is read again; the session and its screens stay as they are meanwhile.',
              invoke: {
                id: 'reloadInfo',
                src: 'reloadInfo',
                onDone: [
                  {
                    guard: { type: 'hasRoles', params: ({ event }) => ({ info: event.output }) },
                    target: 'current',
                    actions: { type: 'applyInfo', params: ({ event }) => ({ info: event.output }) },
                  },
                  {
                    target: '#session.loggedOut',
                    actions: { type: 'endSession', params: { reason: 'infoFailed', message: INFO_ROLES_ERROR } },
                  },
                ],
                // The API client already showed the failure; a 202 or 430 ended the session before this.
                onError: { target: 'current' },
              },
              on: {
                // A newer change: ask again, so the answer kept is never older than the last change.
                'server.accessChanged': { target: 'reloading', reenter: true },
                'user.companiesChanged': { target: 'reloading', reenter: true },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      description: 'The logout call is in flight; the session ends whatever it answers.',
      tags: 'busy',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'loggedOut', actions: { type: 'endSession', params: { reason: 'logout', message: null } } },
        onError: { target: 'loggedOut', actions: { type: 'endSession', params: { reason: 'logout', message: null } } },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type * from './types.js';
