/**
 * Sessions for browser tests: log in through the API (fast, for tests about something else) and put
 * the token in the page's cookie, read the token back, and open the SPA's test seam (`window.__ltbo`,
 * see src/app/e2e-hooks.ts) to make calls no screen makes yet.
 */
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { TEST_ADMIN_PASSWORD } from '../../support/app';
import type { RunningServer } from './server';

export const TOKEN_COOKIE = 'Admin-Token';
export const ADMIN = { username: 'admin', password: TEST_ADMIN_PASSWORD, name: 'Administrator' } as const;

/** Logs in with POST /login; returns the access token. */
export async function loginToken(server: RunningServer, username: string = ADMIN.username, password: string = ADMIN.password): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { code: number; data: { token_info: { token: string } } };
  if (body.code !== 200) throw new Error(`login as ${username} failed: ${JSON.stringify(body)}`);
  return body.data.token_info.token;
}

/** Logs in with POST /login and stores the token cookie in the page's context (as the SPA would). */
export async function loginByApi(page: Page, server: RunningServer, username: string = ADMIN.username, password: string = ADMIN.password) {
  const token = await loginToken(server, username, password);
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: token, url: server.url }]);
  return token;
}

export async function tokenOf(page: Page): Promise<string | null> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === TOKEN_COOKIE)?.value ?? null;
}

/** The server-side session id a token belongs to (its `sid` claim). */
export function sessionIdOf(token: string): string {
  return decodeJwt<{ sid: string }>(token).sid;
}

/**
 * Marks the page (before any of its scripts run) so the SPA exposes `window.__ltbo`. Only the test
 * build has the seam (`vite build --mode e2e`, or the build npm test runs); a production build has none.
 */
export async function enableTestHooks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { __LTBO_E2E__: boolean }).__LTBO_E2E__ = true;
  });
}

/**
 * Moves the server's clock to the end of the token's life (its `exp`, in whole seconds): from then on
 * the server refuses it as expired (401), so the page's refresh and replay run for real, and nothing
 * waits. The browser's own clock is not moved.
 */
export async function expireToken(server: RunningServer, token: string): Promise<void> {
  const { exp } = decodeJwt(token);
  if (exp === undefined) throw new Error('the token has no expiry');
  await server.clock.skipTo(exp * 1000);
}
