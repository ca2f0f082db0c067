/**
 * Real Chromium for the e2e tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH) driven by playwright-core.
 * One browser per test file; every test opens its own context (fresh cookies and storage) through
 * `openPage`, which also saves `test-results/<test name>.png` when the test fails and closes the
 * context afterwards. Where a test stops to take a picture (`shoot`, `saveScreenshot`), the screen is
 * checked for what any user would notice (./screen-checks.ts); the PNG is written only with
 * SCREENSHOTS=1, for a person to look at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { onTestFinished, TestRunner } from 'vitest';
import { checkScreen, watchContext } from './screen-checks';

/** Debian's Chromium, or the browser CHROMIUM_PATH names (scripts/ensure-browser.mjs checks it exists). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install it with apt-get install -y chromium fonts-wqy-microhei`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  /** The browser's language, e.g. 'zh-TW', 'en-US' (drives navigator.languages and Accept-Language). */
  locale?: string;
  viewport?: { width: number; height: number };
  /** The browser's time zone (IANA name), e.g. to show that a screen's times are not the browser's; the host's by default. */
  timezoneId?: string;
}

/** A page in a fresh context. Outside a running test, the caller must close `page.context()`. */
export async function newPage(browser: Browser, { locale = 'zh-TW', viewport = DESKTOP, timezoneId }: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({ locale, viewport, ...(timezoneId ? { timezoneId } : {}) });
  context.setDefaultTimeout(10_000);
  watchContext(context);
  return context.newPage();
}

function fileName(testName: string): string {
  return `${testName.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 150)}.png`;
}

/** Waits for the page's running transitions (dialogs, drawers, toasts) to end or be cancelled; endless animations are left alone. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        // A cancelled animation (its element removed, say by a resize) rejects `finished`: it is over too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Pictures for people, not for the suite: written only when SCREENSHOTS=1 (a failed test's always is). */
const KEEP_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * Waits for the running transitions to end (see `settle`), then checks the screen (./screen-checks.ts)
 * and, with SCREENSHOTS=1, saves it under `dir`. Returns the file written, if any.
 */
export async function shoot(page: Page, name: string, dir = SCREENSHOT_DIR): Promise<string | null> {
  await settle(page);
  return saveScreenshot(page, name, dir);
}

/**
 * `shoot` without waiting for transitions: the screen is checked as it is. Called for a test that has
 * already failed (a test file's own failure hook), it only writes the picture.
 */
export async function saveScreenshot(page: Page, name: string, dir = SCREENSHOT_DIR): Promise<string | null> {
  if (TestRunner.getCurrentTest()?.result?.state === 'fail') return writePng(page, name, dir);
  await checkScreen(page, name);
  return KEEP_SCREENSHOTS ? writePng(page, name, dir) : null;
}

async function writePng(page: Page, name: string, dir: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, fileName(name));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Inside a test: a page in a fresh context, screenshotted if the test fails and closed when it ends.
 * (One `onTestFinished` hook does both because vitest runs onTestFinished before onTestFailed.)
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const page = await newPage(browser, options);
  const context: BrowserContext = page.context();
  onTestFinished(async ({ task }) => {
    try {
      if (task.result?.state === 'fail' && !page.isClosed()) {
        const file = await writePng(page, task.name, SCREENSHOT_DIR).catch(() => null);
        if (file) console.error(`screenshot of the failed test: ${file}`);
      }
    } finally {
      await context.close();
    }
  });
  return page;
}
