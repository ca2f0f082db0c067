/**
 * The one session of the back office: the session statechart (machines/session) run as a module-level
 * actor, with the browser's effects injected — the `Admin-Token` cookie, the login/info/refresh/logout
 * calls, the API client's waiting requests and the last username in local storage. The API client,
 * the route guard, the login page and the navbar all talk to this actor; nothing else reads the token
 * cookie.
 *
 * The refresh takes the successor another tab already stored in the cookie, if there is one (see
 * `successorOf`). Two effects do more than one call, because the chart has no refresh of its own
 * outside `active`:
 * - loadInfo: a stored token may have expired while the tab was closed (the session lives 30 days, a
 *   token minutes). On HTTP 401 it refreshes the token itself, hands the successor to the session
 *   (`api.tokenRenewed`, which `loadingInfo` accepts) and asks again, instead of logging the user out.
 * - logout: an expired token is refreshed once so the server really ends the session; whatever
 *   happens, the chart ends the session in the browser.
 * `reloadInfo` (the access changed while logged in) is a plain call: its 401 waits for the chart's
 * refresh like any request, its 202/430 end the session as any call's do.
 *
 * It also keeps the tab on a company the admin may act for (`followCompanies`, lib/company.ts).
 */
import i18n from 'i18next';
import { createActor, fromPromise } from 'xstate';
import {
  FALLBACK_ERROR,
  INFO_ROLES_ERROR,
  LOGGED_OUT_ERROR,
  NO_SESSION_ERROR,
  sessionMachine,
  type SessionSnapshot,
} from '@machines/session/session.machine';
import { selectCompanies, selectError, selectLogoutReason, selectToken } from '@machines/session/selectors';
import type { CompanyOption, InfoPayload } from '@machines/session/types';
import { dataOf, isApiError, withOptions } from '@/app/api/api';
import { client } from '@/app/api/client';
import { connectSession, settleRetries } from '@/app/api/session-bridge';
import { messages } from '@/app/components/ui/toaster';
import { companyToMoveTo, rememberCompany, switchCompany } from '@/app/lib/company';
import { tokenCookie } from '@/app/lib/cookies';
import { LAST_USERNAME_KEY, local } from '@/app/lib/storage';
import { devInspector } from '@/shared/dev-inspector';
import { testInspector } from '@/shared/test-inspector';
import { tokenClaims } from './lib/token';

/** The headers of a call that sends `token` instead of the session's own (the expired one, to refresh it). */
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function refreshToken(token: string, quiet = false): Promise<string> {
  const data = await dataOf(
    client.POST('/refresh', { body: {}, headers: bearer(token), ...withOptions({ replay: false, ...(quiet ? { errors: 'none' as const } : {}) }) }),
  );
  return data.access_token;
}

/**
 * The successor of an expired token. Another tab of this browser may have refreshed it already and put
 * the successor in the cookie (same server-side session, different token). Refreshing the old token
 * again after the server's grace window would look like a stolen token and end the session
 * (each token refreshes once), so the newer one is used: as it is while it is valid, else refreshed itself.
 */
async function successorOf(token: string): Promise<string> {
  const stored = tokenCookie.get();
  const { sid } = tokenClaims(token);
  if (!stored || stored === token || sid === null || tokenClaims(stored).sid !== sid) return refreshToken(token);
  const { exp } = tokenClaims(stored);
  const stillValid = exp !== null && exp * 1000 > Date.now() + 1_000;
  return stillValid ? stored : refreshToken(stored);
}

async function fetchInfo(token: string): Promise<InfoPayload> {
  const info: InfoPayload | null | undefined = await dataOf(client.POST('/info', { body: {}, headers: bearer(token), ...withOptions({ replay: false }) }));
  // An info answer without data fails the login with this message (docs/product.md).
  if (!info) throw new Error(i18n.t('session.verificationFailed'));
  return info;
}

async function loadInfo(token: string): Promise<InfoPayload> {
  try {
    return await fetchInfo(token);
  } catch (error) {
    if (!isApiError(error, 'tokenExpired')) throw error;
    const successor = await successorOf(token);
    sessionActor.send({ type: 'api.tokenRenewed', token: successor });
    return fetchInfo(successor);
  }
}

/** The info again while logged in, with the session's current token (refreshed and replayed as usual). */
async function reloadInfo(): Promise<InfoPayload> {
  const info: InfoPayload | null | undefined = await dataOf(client.POST('/info', { body: {} }));
  if (!info) throw new Error(i18n.t('session.verificationFailed'));
  return info;
}

async function logout(token: string | null): Promise<void> {
  if (!token) return;
  const quietly = (sent: string) =>
    dataOf(client.POST('/logout', { body: { token: sent }, headers: bearer(sent), ...withOptions({ replay: false, errors: 'none' }) }));
  try {
    await quietly(token);
  } catch (error) {
    if (!isApiError(error, 'tokenExpired')) return;
    await quietly(await refreshToken(token, true)).catch(() => undefined);
  }
}

const browserSessionMachine = sessionMachine.provide({
  actors: {
    readStoredToken: fromPromise(async () => tokenCookie.get()),
    authenticate: fromPromise(async ({ input }) => {
      // The login form shows 201 and 429 messages itself, inline.
      const data = await dataOf(client.POST('/login', { body: input, ...withOptions({ errors: 'caller', replay: false }) }));
      return { token: data.token_info.token };
    }),
    loadInfo: fromPromise(({ input }) => loadInfo(input.token)),
    reloadInfo: fromPromise(() => reloadInfo()),
    refreshToken: fromPromise(async ({ input }) => ({ token: await successorOf(input.token) })),
    logout: fromPromise(({ input }) => logout(input.token)),
  },
  actions: {
    storeToken: (_, { token }) => tokenCookie.set(token),
    clearStoredToken: () => tokenCookie.remove(),
    notifyRetries: (_, notice) => settleRetries(notice),
    rememberLastUsername: (_, { username }) => local.set(LAST_USERNAME_KEY, username),
  },
});

export const sessionActor = createActor(browserSessionMachine, { input: { lastUsername: local.get(LAST_USERNAME_KEY) }, inspect: devInspector ?? testInspector });

/** The machine's own messages, in the interface language (English word for word: docs/product.md). */
export function sessionMessage(error: string): string {
  switch (error) {
    case INFO_ROLES_ERROR:
      return i18n.t('session.rolesMissing');
    case FALLBACK_ERROR:
      return i18n.t('session.hasError');
    case LOGGED_OUT_ERROR:
      return i18n.t('session.loggedOut');
    case NO_SESSION_ERROR:
      return i18n.t('session.noSession');
    default:
      return error;
  }
}

/**
 * When loading the login info or refreshing the token fails, the session ends and the user
 * is told why. (Forced logouts by 202 and 430 were already shown by the API client.)
 */
function announceEndings(): void {
  let wasLoggedOut = true;
  sessionActor.subscribe((snapshot: SessionSnapshot) => {
    const loggedOut = snapshot.matches('loggedOut');
    const reason = selectLogoutReason(snapshot);
    const error = selectError(snapshot);
    if (loggedOut && !wasLoggedOut && error && (reason === 'infoFailed' || reason === 'refreshFailed')) {
      messages.error(sessionMessage(error));
    }
    wasLoggedOut = loggedOut;
  });
}

/**
 * Keeps the tab on a company the admin may act for, or every company call would answer 403 (an
 * operator of company 2 alone, with the default Cid 1). After the first info of a session the Cid
 * moves quietly, before any page has loaded, and the info is read again for that company's unread
 * count. When a later info takes the current company away, the open pages show a company the admin
 * may no longer see: that is a company switch (a fresh load of the dashboard).
 */
function followCompanies(): void {
  let previous: CompanyOption[] = [];
  sessionActor.subscribe((snapshot: SessionSnapshot) => {
    const companies = selectCompanies(snapshot);
    if (companies === previous) return;
    const hadCompanies = previous.length > 0;
    previous = companies;
    const target = companyToMoveTo(companies);
    if (!target) return;
    if (hadCompanies) {
      switchCompany(target);
      return;
    }
    rememberCompany(target.id, target.name);
    sessionActor.send({ type: 'user.companiesChanged' });
  });
}

let started = false;

/** Starts the session once: plugs it into the API client and reads the stored token. */
export function startSession(): void {
  if (started) return;
  started = true;
  connectSession({
    token: () => selectToken(sessionActor.getSnapshot()),
    tokenRenewed: (token) => sessionActor.send({ type: 'api.tokenRenewed', token }),
    tokenExpired: (requestId, sentToken) =>
      sessionActor.send({ type: 'api.tokenExpired', requestId, ...(sentToken ? { sentToken } : {}) }),
    needLogin: (message) => sessionActor.send({ type: 'api.needLogin', message }),
    sessionReplaced: (message) => {
      sessionActor.send({ type: 'api.sessionReplaced', message });
      tokenCookie.remove(); // also when the session had already ended another way
    },
  });
  announceEndings();
  followCompanies();
  sessionActor.start();
}

export const logIn = (username: string, password: string) => sessionActor.send({ type: 'user.login', username, password });
export const logOut = () => sessionActor.send({ type: 'user.logout' });
/** The user created, renamed or entered a company: the info (company list, unread count) is read again. */
export const companiesChanged = () => sessionActor.send({ type: 'user.companiesChanged' });
