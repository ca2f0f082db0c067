/**
 * The session chart's named implementations, as XState's `setup()` declares them: the types, the
 * injected calls (placeholders that reject until `.provide()` replaces them), the actions (injected
 * effects, no-ops until provided, and the context updates) and the guards. The chart itself, and why
 * it has its shape, is session.machine.ts; this module only says what each name does.
 * Pure: no fetch, no storage, no React.
 */
import { assign, enqueueActions, fromPromise, setup, type EventObject, type ParameterizedObject } from 'xstate';
import { infoHasRoles, toCompanies, toUserInfo } from './info.js';
import type {
  AuthenticateOutput,
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
} from './types.js';

/** The error waiting requests are rejected with when the user logs out while they wait. */
export const LOGGED_OUT_ERROR = 'Logged out';
/** The error a 401 gets when there is no active session that could refresh its token. */
export const NO_SESSION_ERROR = 'No active session';

/** In `loadingInfo`, `active` and `loggingOut` the token is always set: every way into them assigns it. */
export function currentToken(context: SessionContext): string {
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

export const sessionSetup = setup({
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
});
