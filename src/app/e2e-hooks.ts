/**
 * A seam for the browser tests, and only for them: compiled into the test build alone (`vite build
 * --mode e2e`, or the build `npm test` runs; `import.meta.env.LTBO_TEST_SEAM` is replaced at build
 * time, so a production build drops this code, and the vite config's `testSeam` plugin fails any other
 * build that still contains `__ltbo`). In the test build, when a test marks the page before it loads
 * (`window.__LTBO_E2E__ = true` in an init script), the API helper and the session actor are reachable
 * as `window.__ltbo` (`api.post('/me' | '/info')`), so a test can make the calls no screen makes yet (three at once against an
 * expired token, a call after the session was revoked). Without the mark nothing is exposed.
 */
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { sessionActor } from '@/app/features/auth/session';

declare global {
  interface ImportMetaEnv {
    /** True in the test build only (vite.config.ts, `testSeam`). */
    readonly LTBO_TEST_SEAM?: boolean;
  }
  interface Window {
    __LTBO_E2E__?: boolean;
    __ltbo?: { api: typeof api; session: typeof sessionActor };
  }
}

/** The calls the tests make through the page's own client (and so its middleware). */
const api = {
  post: (path: '/me' | '/info'): Promise<unknown> => (path === '/me' ? dataOf(client.POST('/me', { body: {} })) : dataOf(client.POST('/info', { body: {} }))),
};

export function exposeTestHooks(): void {
  if (!import.meta.env.LTBO_TEST_SEAM) return;
  if (typeof window !== 'undefined' && window.__LTBO_E2E__ === true) window.__ltbo = { api, session: sessionActor };
}
