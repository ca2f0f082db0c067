/**
 * Accessibility of the shell with axe-core in real Chromium: no serious or critical violation on the
 * login page, the dashboard with the full shell (sidebar, navbar, tags view), and the profile page,
 * in both languages.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { loginByApi } from './support/session';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page whose context ignores the server's CSP, so axe can be injected (the app itself is unchanged). */
async function openPage(target: Browser, { locale }: { locale: string }): Promise<Page> {
  const context = await target.newContext({ locale, viewport: DESKTOP, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  onTestFinished(() => context.close());
  return context.newPage();
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe.each(['zh-TW', 'en-US'])('axe (%s)', (locale) => {
  it('the login page', async () => {
    const page = await openPage(browser, { locale });
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="password"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the dashboard with the full shell', async () => {
    const page = await openPage(browser, { locale });
    await loginByApi(page, server);
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('tags-view').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the profile page', async () => {
    const page = await openPage(browser, { locale });
    await loginByApi(page, server);
    await page.goto(`${server.url}/profile/index`);
    await page.getByTestId('nav-settings').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
