/**
 * What a user would notice wrong on any screen, checked wherever an e2e test stops to take a picture
 * (`shoot`, `saveScreenshot` in ./browser.ts): the pictures used to be saved "for review" and nothing
 * compared them, so a layout that scrolled sideways on a phone or a message key shown instead of its
 * text passed every run. Each check holds on every screen, whatever the test is about:
 * - no horizontal scrolling at the page's width;
 * - no untranslated message key (`login.title`, `live:control.start`) in the page's text, a
 *   placeholder or an aria-label (not a title: the permission tree's hover shows each permission's
 *   identifier, `role.edit`, on purpose);
 * - no text clipped by its own box (overflow hidden, no ellipsis to say there is more);
 * - no error from the page's own code since the previous check: an uncaught exception or a
 *   console.error. The browser's own lines for a refused request or a dropped socket are left out:
 *   tests provoke those on purpose (a 422, a server stopped) and the screen says what happened.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

const pageErrors = new WeakMap<Page, string[]>();

/** The browser's own console lines for a request that failed or was refused: not the app's code. */
const NETWORK_NOISE = [/^Failed to load resource:/, /^WebSocket connection to .* failed/];

/** Starts collecting `page`'s errors (its own code's: see the module header). Idempotent. */
export function watchErrors(page: Page): void {
  if (pageErrors.has(page)) return;
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(`uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!NETWORK_NOISE.some((pattern) => pattern.test(text))) errors.push(`console.error: ${text}`);
  });
}

/** Every page the context opens (a test's second tab included) has its errors collected from the start. */
export function watchContext(context: BrowserContext): void {
  context.on('page', watchErrors);
}

let sections: string[] | null = null;

/** The first segment of every message key (`login`, `common`, `control`, ...), from every texts file in src/. */
function keySections(): string[] {
  if (sections) return sections;
  const found = new Set<string>();
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/[\\/](i18n|locales)[\\/][^\\/]+\.json$/.test(full)) {
        for (const key of Object.keys(JSON.parse(fs.readFileSync(full, 'utf8')) as object)) found.add(key);
      }
    }
  };
  visit(path.resolve('src'));
  sections = [...found];
  return sections;
}

interface ScreenProblems {
  overflow: string | null;
  keys: string[];
  clipped: string[];
}

/** Runs in the page: what the module header lists, but the errors. */
function findProblems(knownSections: string[]): ScreenProblems {
  const sectionSet = new Set(knownSections);
  // i18next shows a missing key as itself, with its namespace when one was given.
  const keyShape = /^(?:[a-z][A-Za-z]*:)?([a-z][A-Za-z0-9]*)(?:\.[A-Za-z0-9_]+)+$/;
  const isKey = (text: string): boolean => {
    const match = keyShape.exec(text.trim());
    return match !== null && sectionSet.has(match[1] as string);
  };
  const describe = (element: Element): string => {
    const id = element.id ? `#${element.id}` : '';
    const testId = element.getAttribute('data-testid');
    return `<${element.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}>`;
  };
  const root = document.documentElement;
  const overflow = root.scrollWidth > root.clientWidth ? `the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window` : null;

  const keys: string[] = [];
  const clipped: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const checked = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    const text = node.textContent?.trim() ?? '';
    if (!element || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName)) continue;
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (isKey(text)) keys.push(`"${text}" in ${describe(element)}`);
    if (checked.has(element)) continue;
    checked.add(element);
    const style = getComputedStyle(element);
    // A visually hidden label (1px, clipped on purpose) is for screen readers: there is nothing to see.
    if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const cutAcross = hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis';
    const cutBelow = hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1 && style.getPropertyValue('-webkit-line-clamp') === 'none';
    if (cutAcross || cutBelow) {
      clipped.push(
        `"${text.slice(0, 60)}" in ${describe(element)}: ${element.scrollWidth}x${element.scrollHeight} of text in a ${element.clientWidth}x${element.clientHeight} box`,
      );
    }
  }
  for (const element of document.querySelectorAll('[placeholder], [aria-label]')) {
    if (!element.checkVisibility()) continue;
    for (const attribute of ['placeholder', 'aria-label']) {
      const value = element.getAttribute(attribute);
      if (value && isKey(value)) keys.push(`${attribute}="${value}" on ${describe(element)}`);
    }
  }
  return { overflow, keys, clipped };
}

/** Fails with every problem of the screen `page` shows now (see the module header); `name` says which screen. */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const found = await page.evaluate(findProblems, keySections());
  const errors = pageErrors.get(page)?.splice(0) ?? [];
  if (!pageErrors.has(page)) watchErrors(page);
  const problems = [
    ...(found.overflow ? [`horizontal scrolling: ${found.overflow}`] : []),
    ...found.keys.map((key) => `untranslated message key: ${key}`),
    ...found.clipped.map((text) => `clipped text: ${text}`),
    ...errors,
  ];
  if (problems.length > 0) {
    throw new Error(`screen "${name}" (${page.url()}, ${page.viewportSize()?.width ?? '?'}px wide):\n  ${problems.join('\n  ')}`);
  }
}
