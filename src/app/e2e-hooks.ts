/**
 * A seam for the browser tests, and only for them: when a test marks the page before it loads
 * (`window.__LTBO_E2E__ = true` in an init script), the API helper and the session actor are reachable
 * as `window.__ltbo`, so a test can make the calls no screen makes yet (three at once against an
 * expired token, a call after the session was revoked). Without the mark nothing is exposed. It grants
 * nothing a user could not do from the devtools with fetch and the cookie anyway.
 */
import { api } from '@/app/api/api';
import { sessionActor } from '@/app/features/auth/session';

declare global {
  interface Window {
    __LTBO_E2E__?: boolean;
    __ltbo?: { api: typeof api; session: typeof sessionActor };
  }
}

export function exposeTestHooks(): void {
  if (typeof window !== 'undefined' && window.__LTBO_E2E__ === true) window.__ltbo = { api, session: sessionActor };
}
