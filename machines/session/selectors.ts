/**
 * Narrow reads of the session snapshot, for `useSelector(sessionActor, selectX)` and the API client.
 * Facts that the chart already knows (logged in, busy, refreshing) are derived from tags and states,
 * never stored. Each returns a value that is stable while the underlying data does not change.
 */
import type { SessionSnapshot } from './session.machine.js';
import type { CompanyOption, LogoutReason, UserInfo } from './types.js';

const NO_ROLES: readonly string[] = Object.freeze([]);

export const selectIsLoggedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('authenticated');
export const selectIsBusy = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('busy');
/** True while the one token refresh is in flight (401-failed requests are waiting). */
export const selectIsRefreshing = (snapshot: SessionSnapshot): boolean => snapshot.matches({ active: { token: 'refreshing' } });
/** True while the info is read again in the background (access changed); the screens stay as they are. */
export const selectIsReloadingInfo = (snapshot: SessionSnapshot): boolean => snapshot.matches({ active: { info: 'reloading' } });
export const selectToken = (snapshot: SessionSnapshot): string | null => snapshot.context.token;
export const selectUserInfo = (snapshot: SessionSnapshot): UserInfo | null => snapshot.context.userInfo;
export const selectRoles = (snapshot: SessionSnapshot): readonly string[] => snapshot.context.userInfo?.roles ?? NO_ROLES;
export const selectAccessedRoutes = (snapshot: SessionSnapshot): unknown[] => snapshot.context.accessedRoutes;
export const selectUnreadCount = (snapshot: SessionSnapshot): number => snapshot.context.unreadCount;
/** The companies the admin may act for (the navbar's company switcher); empty when logged out. */
export const selectCompanies = (snapshot: SessionSnapshot): CompanyOption[] => snapshot.context.companies;
/** The message to show after a failed login, a failed info call or a forced logout. */
export const selectError = (snapshot: SessionSnapshot): string | null => snapshot.context.error;
export const selectLogoutReason = (snapshot: SessionSnapshot): LogoutReason | null => snapshot.context.logoutReason;
/**
 * Who logged in successfully last. The login page follows `?redirect=` only when the same user logs in
 * again, so it reads this before submitting (a successful login then overwrites it).
 */
export const selectLastUsername = (snapshot: SessionSnapshot): string | null => snapshot.context.lastUsername;
