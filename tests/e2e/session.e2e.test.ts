/**
 * Session and access control in real Chromium against the real server (docs/product.md, docs/api-conventions.md):
 * the login form, where a login leads (the redirect rule), the route guard, forced logouts (202 and
 * 430), one refresh for many expired calls, the persistent 500 notification, and the form's Caps Lock
 * warning and password toggle. Screenshots of the login page and of the 500 and 430 feedback are
 * saved under /tmp/shots for review.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionHandlers } from '@/server/features/session/handlers';
import { REFRESH_GRACE_MS } from '@/server/features/access/service';
import { createAdmin } from '../support/fixtures';
import { DESKTOP, launchBrowser, MOBILE, openPage, type PageOptions, shoot as shootInto } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { ADMIN, enableTestHooks, expireToken, loginByApi, sessionIdOf, tokenOf } from './support/session';

const SHOTS = '/tmp/shots';
const shoot = (page: Page, name: string) => shootInto(page, name, SHOTS);
const ADA = { username: 'ada', password: 'Ada-password-1', name: 'Ada Lovelace' };
const BOB = { username: 'bob', password: 'Bob-password-1', name: 'Bob Builder' };

let server: RunningServer;
/** Where a test expires access tokens by moving the server's clock past their life (expireToken). */
let expiring: RunningServer;
/** One failed login per minute is allowed here (the throttle answers 429 at the second). */
let throttled: RunningServer;
let browser: Browser;
/** Makes POST /me fail with an unexpected error (HTTP 500) on `server`. */
let meFails = false;

beforeAll(async () => {
  [server, expiring, throttled, browser] = await Promise.all([
    startServer({
      build: {
        handlers: {
          me: async (request, reply) => {
            if (meFails) throw new Error('the profile store is on fire');
            return sessionHandlers.me!(request, reply);
          },
        },
      },
    }),
    startServer(),
    startServer({ config: { loginAttemptsPerMinute: 1 } }),
    launchBrowser(),
  ]);
  for (const target of [server, expiring]) {
    await createAdmin(target.app, { ...ADA, roles: ['operator'] });
    await createAdmin(target.app, { ...BOB, roles: ['viewer'] });
  }
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), expiring?.close(), throttled?.close()]);
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const queryOf = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

async function fillLogin(page: Page, credentials: { username: string; password: string }) {
  await page.getByRole('textbox', { name: /Username|帳號/ }).fill(credentials.username);
  await page.locator('input[name="password"]').fill(credentials.password);
}

/** Logs in through the form (Enter submits) and waits until the session took the user elsewhere. */
async function loginWithForm(page: Page, credentials: { username: string; password: string }) {
  await fillLogin(page, credentials);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function expectOnDashboard(page: Page, name: string) {
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByTestId('user-menu').filter({ hasText: name }).waitFor();
  await page.getByRole('heading', { level: 1, name: /Dashboard|首頁/ }).waitFor();
}

async function logOutWithMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Log out|登出/ }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** Starts an API call in the page without waiting for it (it may never settle: the page reloads). */
async function startCall(page: Page, path: '/me' | '/info') {
  await page.evaluate((p) => {
    void window.__ltbo!.api.post(p).catch(() => undefined);
  }, path);
}

async function loggedInWithHooks(target: RunningServer, options: PageOptions = { locale: 'en-US' }) {
  const page = await openPage(browser, options);
  await enableTestHooks(page);
  const token = await loginByApi(page, target);
  await page.goto(`${target.url}/dashboard`);
  await expectOnDashboard(page, ADMIN.name);
  return { page, token };
}

describe('login form', () => {
  it('shows the server message when the login fails, in the interface language', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/login`);
    await fillLogin(page, { username: 'admin', password: 'not-the-password' });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-error').filter({ hasText: 'Wrong username or password' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await shoot(page, 'login-error-en');

    const zh = await openPage(browser, { locale: 'zh-TW' });
    await zh.goto(`${server.url}/login`);
    await fillLogin(zh, { username: 'admin', password: 'not-the-password' });
    await zh.getByRole('button', { name: '登入' }).click();
    await zh.getByTestId('login-error').filter({ hasText: '帳號或密碼錯誤' }).waitFor();
  });

  it('asks for both fields before calling the server', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/login')) calls += 1;
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter the username').waitFor();
    await page.getByText('Please enter the password').waitFor();
    expect(calls).toBe(0);
  });

  it('shows the 429 throttle message after too many failed attempts', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${throttled.url}/login`);
    await fillLogin(page, { username: 'admin', password: 'wrong-1' });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-error').filter({ hasText: 'Wrong username or password' }).waitFor();
    await fillLogin(page, { username: 'admin', password: ADMIN.password });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('login-error').filter({ hasText: /^Too many requests; please try again in/ }).waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('logs in with Enter, shows the loading button meanwhile, and lands on /dashboard with the name in the navbar', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    // The server's answer is held until the loading button was seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}/login`);
    await fillLogin(page, ADMIN);
    await page.locator('input[name="password"]').press('Enter');
    const button = page.getByRole('button', { name: /Log in|Logging in/ });
    await expect.poll(() => button.getAttribute('data-loading')).not.toBeNull();
    expect(await button.isDisabled()).toBe(true);
    release();
    await expectOnDashboard(page, ADMIN.name);
    expect(await tokenOf(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')!;
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // SameSite=Strict; Secure only over HTTPS (this server is plain HTTP); readable by the page (docs/accounts.md).
    expect(cookie).toMatchObject({ sameSite: 'Strict', secure: false, httpOnly: false });
  });

  it('shows and hides the password', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/login`);
    const password = page.locator('input[name="password"]');
    await password.fill('s3cret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('s3cret');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('warns while Caps Lock is on, and stops when it is off or the field is left', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/login`);
    const password = page.locator('input[name="password"]');
    const tooltip = page.getByTestId('caps-lock-tooltip');
    await password.focus();
    await password.dispatchEvent('keyup', { key: 'A', modifierCapsLock: true });
    await tooltip.filter({ hasText: 'Caps lock is On' }).waitFor();
    await shoot(page, 'login-caps-lock-en');
    await password.dispatchEvent('keyup', { key: 'a', modifierCapsLock: false });
    await tooltip.waitFor({ state: 'hidden' });
    await password.dispatchEvent('keydown', { key: 'CapsLock', modifierCapsLock: true });
    await tooltip.waitFor();
    await page.getByRole('textbox', { name: 'Username' }).focus();
    await tooltip.waitFor({ state: 'hidden' });
  });
});

describe('where a login leads', () => {
  it('follows redirect (with the other query parameters) when the same user logged in last time', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/login`);
    await loginWithForm(page, ADA);
    await expectOnDashboard(page, ADA.name);
    await logOutWithMenu(page);
    expect(queryOf(page, 'redirect')).toBe('/dashboard');

    const redirect = encodeURIComponent('/triviaGame/index?page=2');
    await page.goto(`${server.url}/login?redirect=${redirect}&tab=games`);
    await loginWithForm(page, ADA);
    await page.waitForURL((url) => url.pathname === '/triviaGame/index');
    expect(new URL(page.url()).search).toBe('?page=2&tab=games');
  });

  it('goes to / (then /dashboard) for a different user, keeping the other query parameters', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/login`);
    await loginWithForm(page, ADA);
    await logOutWithMenu(page);

    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/triviaGame/index')}&cid=1&name=ACME%20Events`);
    await loginWithForm(page, BOB);
    await expectOnDashboard(page, BOB.name);
    expect(queryOf(page, 'name')).toBe('ACME Events');
    await expect
      .poll(() => page.evaluate(() => [sessionStorage.getItem('cid'), sessionStorage.getItem('company-name')]))
      .toEqual(['1', 'ACME Events']);
  });
});

describe('route guard', () => {
  it('sends a visitor without a token from a menu page to /login with the page as redirect', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/triviaGame/index?page=2`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(queryOf(page, 'redirect')).toBe('/triviaGame/index?page=2');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('keeps /login, /auth-redirect and /privacy open without a token', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.goto(`${server.url}/privacy`);
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    expect(pathOf(page)).toBe('/privacy');

    await page.goto(`${server.url}/auth-redirect?code=abc&state=xyz`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('auth-redirect'))).toBe('code=abc&state=xyz');
    expect(pathOf(page)).toBe('/auth-redirect');
  });

  it('sends /login with a token to /', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server);
    await page.goto(`${server.url}/login`);
    await expectOnDashboard(page, ADMIN.name);
  });

  it('re-routes /redirect/* to /* with the query, and / to /dashboard', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server);
    await page.goto(`${server.url}/redirect/dashboard?name=Venue`);
    await expectOnDashboard(page, ADMIN.name);
    expect(queryOf(page, 'name')).toBe('Venue');
    await page.goto(`${server.url}/`);
    await expectOnDashboard(page, ADMIN.name);
  });

  it('renders a granted menu route by its address: the file manager, which was a 404 until its page existed', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server);
    await page.goto(`${server.url}/file/index`);
    await page.getByRole('heading', { name: 'File manager' }).waitFor();
    expect(pathOf(page)).toBe('/file/index');
    await shoot(page, 'granted-route-file-manager-en');
  });

  it('keeps the session when the page is left while its info call is in flight', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, server);
    let held = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/info', async (route) => {
      if (!held) {
        held = true; // the first page's call is still waiting when the next page is opened
        await released;
      }
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => held).toBe(true);
    await page.goto(`${server.url}/503`);
    await page.getByRole('heading', { name: 'Service unavailable' }).waitFor();
    release(); // the first page's call answers only now, after the page was left
    expect(await tokenOf(page)).not.toBeNull();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  it('drops a stored token the server no longer knows and goes to /login with the page as redirect', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await page.context().addCookies([{ name: 'Admin-Token', value: 'a.b.c', url: server.url }]);
    await page.goto(`${server.url}/dashboard?cid=1`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(queryOf(page, 'redirect')).toBe('/dashboard?cid=1');
    await page.getByTestId('message').filter({ hasText: 'Please log in' }).waitFor();
    expect(await tokenOf(page)).toBeNull();
  });
});

describe('forced logouts', () => {
  it('202: a call after the session was ended server-side goes back to /login with the message', async () => {
    const { page, token } = await loggedInWithHooks(server);
    await server.app.sessions.revokeSession(sessionIdOf(token), 'logout');
    await startCall(page, '/me');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(queryOf(page, 'redirect')).toBe('/dashboard');
    await page.getByTestId('message').filter({ hasText: 'Please log in' }).waitFor();
    expect(await tokenOf(page)).toBeNull();
  });

  it('430: a confirm box with the server message; confirming clears the token and reloads onto /login', async () => {
    const { page, token } = await loggedInWithHooks(server);
    await server.app.sessions.revokeSession(sessionIdOf(token), 'password');
    await startCall(page, '/me');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Your session has ended (logged out elsewhere or the password changed); please log in again').waitFor();
    await dialog.getByText('Confirm logout').waitFor();
    await shoot(page, 'confirm-430-en');
    expect(pathOf(page)).toBe('/dashboard');

    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Log in again' }).click()]);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(queryOf(page, 'redirect')).toBe('/dashboard');
    expect(await tokenOf(page)).toBeNull();
  });

  it('logging out from the navbar ends the session on the server too', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    const token = await loginByApi(page, server);
    await page.goto(`${server.url}/dashboard`);
    await expectOnDashboard(page, ADMIN.name);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await shoot(page, 'navbar-user-menu-en');
    await page.keyboard.press('Escape');
    await logOutWithMenu(page);
    expect(queryOf(page, 'redirect')).toBe('/dashboard');
    expect(await tokenOf(page)).toBeNull();
    const res = await fetch(`${server.url}/api/admin/me`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(((await res.json()) as { code: number }).code).toBe(202);
  });
});

describe('expired access tokens', () => {
  it('three calls that hit an expired token make exactly one /refresh, and all three succeed', async () => {
    const { page } = await loggedInWithHooks(expiring);
    const seen: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/admin/')) seen.push(pathname.slice('/api/admin'.length));
    });
    await expireToken(expiring, (await tokenOf(page))!);

    const results = await page.evaluate(() => Promise.all([1, 2, 3].map(() => window.__ltbo!.api.post('/me'))));

    expect(results).toEqual(Array(3).fill({ name: ADMIN.name, email: '' }));
    expect(seen.filter((p) => p === '/refresh')).toHaveLength(1);
    expect(seen.filter((p) => p === '/me')).toHaveLength(6);
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('two tabs: the second takes the successor the first stored instead of refreshing a used token', async () => {
    const first = await openPage(browser, { locale: 'en-US' });
    await enableTestHooks(first);
    await loginByApi(first, expiring);
    const second = await first.context().newPage();
    await enableTestHooks(second);
    for (const page of [first, second]) {
      await page.goto(`${expiring.url}/dashboard`);
      await expectOnDashboard(page, ADMIN.name);
    }
    const used = (await tokenOf(first))!;
    await expireToken(expiring, used);
    await first.evaluate(() => window.__ltbo!.api.post('/me')); // refreshes; the successor goes to the cookie
    // Past the server's grace window (REFRESH_GRACE_MS), where refreshing the first token again would
    // end the session: the server's clock moves on instead of the test waiting.
    await expiring.clock.skip(REFRESH_GRACE_MS + 1_000);

    const result = await second.evaluate(() => window.__ltbo!.api.post('/me'));
    expect(result).toEqual({ name: ADMIN.name, email: '' });
    expect(await first.evaluate(() => window.__ltbo!.api.post('/me'))).toEqual({ name: ADMIN.name, email: '' });
    expect(await second.getByRole('alertdialog').count()).toBe(0);
  });

  it('a reload after the token expired refreshes it and keeps the session', async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await loginByApi(page, expiring);
    const first = await tokenOf(page);
    await expireToken(expiring, first!);
    let refreshes = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/refresh')) refreshes += 1;
    });
    await page.goto(`${expiring.url}/dashboard`);
    await expectOnDashboard(page, ADMIN.name);
    expect(refreshes).toBe(1);
    expect(await tokenOf(page)).not.toBe(first);
  });
});

describe('server failures', () => {
  it("500: a notification with the message, 'ErrorNumber: ' and the id, that stays", async () => {
    const page = await openPage(browser, { locale: 'en-US' });
    await enableTestHooks(page);
    // The page's clock runs as usual but can jump: the notification's life is checked without waiting it out.
    await page.clock.install();
    await loginByApi(page, server);
    await page.goto(`${server.url}/dashboard`);
    await expectOnDashboard(page, ADMIN.name);
    meFails = true;
    try {
      const errorId = await page.evaluate(() =>
        window.__ltbo!.api.post('/me').then(
          () => null,
          (error: { errorId?: string }) => error.errorId ?? null,
        ),
      );
      expect(errorId).toMatch(/^[0-9a-f-]{36}$/);
      const notification = page.getByTestId('notification');
      await notification.getByText('Something went wrong on the server').waitFor();
      await notification.getByText(`ErrorNumber: ${errorId}`).waitFor();
      await notification.getByText("We'll deal with it as soon as possible").waitFor();
      await shoot(page, 'notification-500-en');
      await page.clock.fastForward(6_500); // error messages close after 5 s; this one must not
      expect(await notification.getByText(`ErrorNumber: ${errorId}`).isVisible()).toBe(true);
      expect(pathOf(page)).toBe('/dashboard');
    } finally {
      meFails = false;
    }
  });

  it('500 in Chinese', async () => {
    const { page } = await loggedInWithHooks(server, { locale: 'zh-TW' });
    meFails = true;
    try {
      await startCall(page, '/me');
      const notification = page.getByTestId('notification');
      await notification.getByText('伺服器發生錯誤').waitFor();
      await notification.getByText(/^錯誤編號：[0-9a-f-]{36}$/).waitFor();
      await notification.getByText('我們會盡快處理').waitFor();
      await shoot(page, 'notification-500-zh-TW');
    } finally {
      meFails = false;
    }
  });

  it('no answer: an alert that neither Escape nor a click outside closes', async () => {
    const { page } = await loggedInWithHooks(server);
    await page.route('**/api/admin/me', (route) => route.abort('connectionrefused'));
    await startCall(page, '/me');
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Network error').waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    // Both were handled and rendered (two frames later); a closing dialog says so at once in data-state.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await alert.getAttribute('data-state')).toBe('open');
    expect(await alert.isVisible()).toBe(true);
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'hidden' });
  });
});

describe('screenshots of the login page', () => {
  // One page per language, shot at both widths (the viewport changes; the page stays).
  for (const [locale, label] of [
    ['zh-TW', 'zh-TW'],
    ['en-US', 'en'],
  ] as const) {
    it(`${label} at 1280x800 and 390x844`, async () => {
      const page = await openPage(browser, { locale, viewport: DESKTOP });
      await page.goto(`${server.url}/login`);
      await page.locator('input[name="password"]').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await shoot(page, `login-${label}-1280x800`);
      await page.setViewportSize(MOBILE);
      await shoot(page, `login-${label}-390x844`);
    });
  }
});
