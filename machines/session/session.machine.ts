/**
 * The session statechart: who is logged in, with which token, and what happens when the server says
 * the token expired, the login is needed again, or the session was replaced elsewhere.
 * The API client and the route guard talk to this actor, not to cookies. Pure: no fetch, no storage,
 * no React; every effect (reading and storing the token, the login/info/refresh/logout calls, replaying
 * waiting requests) is injected with `sessionMachine.provide({ actors, actions })`.
 * This file is the chart; the names it uses (calls, actions, guards) are declared in setup.ts with
 * XState's `setup()`, and what the info call's answer means is info.ts.
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
import { assertEvent, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessage, FALLBACK_ERROR } from '../error-message.js';
import { INFO_ROLES_ERROR } from './info.js';
import { currentToken, LOGGED_OUT_ERROR, NO_SESSION_ERROR, sessionSetup } from './setup.js';

/** Shown when a failure carries no message of its own. */
export { FALLBACK_ERROR };
export { INFO_ROLES_ERROR, LOGGED_OUT_ERROR, NO_SESSION_ERROR };

export const sessionMachine = sessionSetup.createMachine({
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
