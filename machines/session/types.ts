/**
 * Types of the session machine: its context, the events it listens to (namespaced by who speaks),
 * and the contracts of the effects the SPA injects with `.provide()`.
 * Pure types only; nothing here may import the API client, React or storage.
 */

/** Why the last session ended; `null` when nobody was logged in yet or a login attempt failed. */
export type LogoutReason = 'needLogin' | 'sessionReplaced' | 'refreshFailed' | 'logout' | 'infoFailed';

/** The logged-in admin as the user-info call describes them (`POST /info`). */
export interface UserInfo {
  roles: string[];
  name: string;
  avatar: string;
  email: string;
  permissions: unknown[];
}

/**
 * What the user-info call resolves with (`data` of the envelope). Typed loosely where the server's
 * answer is checked at runtime: roles must be a non-empty array, otherwise loading
 * the login info fails.
 */
export interface InfoPayload {
  user_info?: (Partial<Omit<UserInfo, 'roles' | 'permissions'>> & { roles?: unknown; permissions?: unknown }) | null;
  accessed_routes?: unknown[] | null;
  unread_notification_count?: number | null;
  /** The companies the admin may act for (`[{id, name}]`); malformed items are dropped. */
  companies?: unknown[] | null;
}

/** A company the admin may act for, as the info call names it (the navbar's company switcher). */
export interface CompanyOption {
  id: number;
  name: string;
}

export interface SessionContext {
  /** The access token the API client sends as `Authorization: Bearer`; null when logged out. */
  token: string | null;
  userInfo: UserInfo | null;
  /** Server-built routes of the admin (menu and route guard), as the info call returned them. */
  accessedRoutes: unknown[];
  unreadCount: number;
  /** The companies the admin may act for (super admins: every company), from the info call. */
  companies: CompanyOption[];
  /** The message to show after a failure (login, info, forced logout); null when there is none. */
  error: string | null;
  logoutReason: LogoutReason | null;
  /** Who logged in successfully last time (the login page redirects only for the same user). */
  lastUsername: string | null;
  /** The username of the login attempt in flight; becomes `lastUsername` only if it succeeds. */
  pendingUsername: string | null;
  /**
   * Ids of requests that failed with HTTP 401 and wait for the refresh. The API client keeps the
   * requests (and their promises) keyed by these ids; the machine only says when to replay or reject.
   */
  pendingRetries: string[];
}

export interface SessionInput {
  /** Seeds `lastUsername` from wherever the SPA persisted it (see the `rememberLastUsername` action). */
  lastUsername: string | null;
}

export type SessionEvent =
  /** The login form was submitted. */
  | { type: 'user.login'; username: string; password: string }
  /** The user chose "log out" in the navbar. */
  | { type: 'user.logout' }
  /** The profile form saved a new name and email. */
  | { type: 'user.profileUpdated'; name: string; email: string }
  /**
   * A request failed with HTTP 401 (access token expired). `sentToken` is the token it was sent with:
   * when it is older than the current one the request is replayed at once instead of refreshing again.
   */
  | { type: 'api.tokenExpired'; requestId: string; sentToken?: string }
  /** A response carried a new token in its `authorization` header. */
  | { type: 'api.tokenRenewed'; token: string }
  /** A response had body code 202 (need login). */
  | { type: 'api.needLogin'; message: string }
  /** A response had body code 430 (the session was replaced by a login elsewhere). */
  | { type: 'api.sessionReplaced'; message: string }
  /** The server pushed (or a poll returned) the unread notification count. */
  | { type: 'server.notificationCount'; count: number }
  /**
   * The server said this admin's access changed (roles, permissions, companies): the info is read
   * again while the session stays on screen, and the menu and permissions are rebuilt from it.
   */
  | { type: 'server.accessChanged' }
  /**
   * The user created or renamed a company, or entered another one (/dashboard?cid=): the info is read
   * again for the company list and the current company's unread count, as for `server.accessChanged`.
   */
  | { type: 'user.companiesChanged' };

export type SessionEventType = SessionEvent['type'];

/** Input and output of the injected actors. */
export interface Credentials {
  username: string;
  password: string;
}
export interface AuthenticateOutput {
  token: string;
}
export interface TokenInput {
  token: string;
}
export interface RefreshOutput {
  token: string;
}
export interface LogoutInput {
  token: string | null;
}

/**
 * What `notifyRetries` is told: replay the waiting requests `ids` with `token`, or reject them with
 * `error`. Every id the machine accepted through `api.tokenExpired` is settled exactly once.
 */
export type RetryNotice = { ids: string[]; token: string } | { ids: string[]; error: string };
