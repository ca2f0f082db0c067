#!/usr/bin/env node
/**
 * `npm run size`: the JavaScript each page loads before it is usable, gzipped, against its budget.
 * Reads Vite's manifest (dist/.vite/manifest.json) and follows imports as the browser does: a page's
 * entry script and every chunk it imports statically, plus the lazy route modules the page renders at
 * once (the app layout and the dashboard; the login page is in the entry) with their own static imports. Lazy modules a page only loads
 * on use (other routes, the menu search's pinyin, the rich-text editor) are not counted.
 * Prints a table; exits 1 when a page is over its budget or the manifest no longer holds a module named
 * here (a renamed route must be renamed here too, never silently measured as nothing).
 *
 * Two figures per page: the budget, enforced (a page that grows past it fails `npm test`), and the
 * target issue 18 set (back office 180 KB, player page 90 KB, quiz display 100 KB), printed beside it.
 * Where a page is still above its target, its budget is its size when the budget was set plus a little
 * room: see docs/performance.md for what is left to reach the targets. A page below its target keeps
 * its size plus less than 1 KB as its budget, so it cannot grow back unnoticed. Lower a budget when a change
 * makes a page smaller; never raise one to let a page grow without saying why in the commit.
 * `npm test` runs the same check (tests/unit/size-budget.test.ts) after its `vite build`.
 *
 * A page may also name what it loads right after its first paint, before anyone can need it (the player
 * page's machine and later screens: `afterPaint`). That is not in its budget, which is about what stands
 * between the address and a usable first screen, but it is printed beside it (and the e2e check expects
 * those files too), so what a phone downloads in all stays in view.
 * Usage: npm run size [-- <dist folder>]   (default: dist, or E2E_DIST when set)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export interface PageBudget {
  name: string;
  /** The HTML entry in the manifest. */
  entry: string;
  /** Lazy modules (manifest keys: source paths) the page imports during its first render, texts included. */
  routes: string[];
  /** Lazy modules the page imports as soon as its first screen is painted: printed, not budgeted. */
  afterPaint?: string[];
  /** Gzipped JavaScript allowed, in KB (1 KB = 1024 bytes): more fails. */
  budgetKB: number;
  /** Where the page should get to, in KB. */
  targetKB: number;
}

const DASHBOARD = 'src/app/features/dashboard/routes/dashboard.tsx';
const SHELL = 'src/app/routing/shell-routes.tsx';
const FILES = 'src/app/features/file/routes/file-manager.tsx';
// The texts a page renders, in Chinese (the e2e check opens the pages in zh-TW; the English files are
// about as large): each namespace is its own chunk, loaded with the page (src/app/i18n).
const TEXTS = 'src/app/i18n/locales/zh-TW.json';
const SHELL_TEXTS = 'src/app/layout/i18n/zh-TW.json';
const FILE_TEXTS = 'src/app/features/file/i18n/zh-TW.json';
// The route error page (a page that threw or whose code did not load) loads once the first page is
// painted, so it is there when a later deployment has replaced the files (src/app/router.tsx).
const ROUTE_ERROR = 'src/app/features/errors/routes/route-error.tsx';
// The player page loads its texts in the current language only, before its first render; the player
// machine, the realtime client, the screens after the join form and the other language's texts once
// that form is painted.
const PLAY_TEXTS = 'src/play/i18n/zh-TW.json';
const PLAY_LIVE = 'src/play/live.tsx';
const PLAY_OTHER_TEXTS = 'src/play/i18n/en.json';

export const PAGE_BUDGETS: readonly PageBudget[] = [
  { name: 'back office: login', entry: 'index.html', routes: [TEXTS], afterPaint: [ROUTE_ERROR], budgetKB: 194, targetKB: 180 },
  { name: 'back office: dashboard', entry: 'index.html', routes: [TEXTS, SHELL, SHELL_TEXTS, DASHBOARD], afterPaint: [ROUTE_ERROR], budgetKB: 210, targetKB: 180 },
  // A page opened by its address also renders the dashboard: its tag is pinned and kept alive.
  { name: 'back office: files', entry: 'index.html', routes: [TEXTS, SHELL, SHELL_TEXTS, DASHBOARD, FILES, FILE_TEXTS], afterPaint: [ROUTE_ERROR], budgetKB: 253, targetKB: 180 },
  { name: 'player page (/play)', entry: 'play.html', routes: [PLAY_TEXTS], afterPaint: [PLAY_LIVE, PLAY_OTHER_TEXTS], budgetKB: 77, targetKB: 90 },
  { name: 'quiz display (/quiz)', entry: 'quiz.html', routes: [], budgetKB: 100, targetKB: 100 },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageSize {
  name: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** The files `afterPaint` adds (none of `files`), and their gzipped bytes. */
  afterPaintFiles: string[];
  afterPaintGzipBytes: number;
  budgetKB: number;
  targetKB: number;
  over: boolean;
}

export function defaultDistDir(): string {
  return path.resolve(process.env.E2E_DIST || 'dist');
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npx vite build\` first (npm test does)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The JavaScript files a page loads at first: its entry and routes, each with its static imports. */
export function initialFiles(manifest: Manifest, page: Pick<PageBudget, 'entry' | 'routes'>): string[] {
  return filesOf(manifest, [page.entry, ...page.routes]);
}

/** The JavaScript files of these manifest keys with their static imports, less those already `loaded`. */
function filesOf(manifest: Manifest, keys: readonly string[], loaded: readonly string[] = []): string[] {
  const files = new Set<string>(loaded);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}: update PAGE_BUDGETS in scripts/size.ts`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js') && !loaded.includes(file));
}

const compressedSizes = new Map<string, { raw: number; gzip: number; brotli: number }>();

function sizesOf(file: string) {
  let sizes = compressedSizes.get(file);
  if (!sizes) {
    const bytes = fs.readFileSync(file);
    sizes = {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    compressedSizes.set(file, sizes);
  }
  return sizes;
}

export function measurePages(distDir = defaultDistDir(), budgets: readonly PageBudget[] = PAGE_BUDGETS): PageSize[] {
  const manifest = readManifest(distDir);
  return budgets.map((page) => {
    const files = initialFiles(manifest, page);
    const afterPaintFiles = filesOf(manifest, page.afterPaint ?? [], files);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const sizes = sizesOf(path.join(distDir, file));
      total.raw += sizes.raw;
      total.gzip += sizes.gzip;
      total.brotli += sizes.brotli;
    }
    return {
      name: page.name,
      files,
      rawBytes: total.raw,
      gzipBytes: total.gzip,
      brotliBytes: total.brotli,
      afterPaintFiles,
      afterPaintGzipBytes: afterPaintFiles.reduce((sum, file) => sum + sizesOf(path.join(distDir, file)).gzip, 0),
      budgetKB: page.budgetKB,
      targetKB: page.targetKB,
      over: total.gzip > page.budgetKB * 1024,
    };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatTable(sizes: readonly PageSize[]): string {
  const header = ['page', 'files', 'raw KB', 'gzip KB', 'brotli KB', 'budget KB', 'target KB', 'then, after paint', ''];
  const rows = sizes.map((size) => [
    size.name,
    String(size.files.length),
    kb(size.rawBytes),
    kb(size.gzipBytes),
    kb(size.brotliBytes),
    String(size.budgetKB),
    String(size.targetKB),
    size.afterPaintFiles.length ? `+${kb(size.afterPaintGzipBytes)} KB in ${size.afterPaintFiles.length} files` : '',
    size.over ? 'OVER BUDGET' : size.gzipBytes > size.targetKB * 1024 ? 'ok, above target' : 'ok',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : defaultDistDir();
  try {
    const sizes = measurePages(distDir);
    console.log(`JavaScript each page loads before it is usable, ${path.relative(process.cwd(), distDir) || '.'} (budgets in gzip KB):\n`);
    console.log(formatTable(sizes));
    const over = sizes.filter((size) => size.over);
    if (over.length > 0) {
      console.error(`\n${over.map((size) => size.name).join(', ')} over budget.`);
      process.exitCode = 1;
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
