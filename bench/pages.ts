/**
 * bench:pages — Lighthouse on the pages people open first: the back office's login page, its
 * dashboard after login, the player page (the join form, and a player who has joined a game) and the
 * quiz display of a game. Prints the performance, accessibility and best-practices scores and the main
 * metrics (FCP, LCP, TBT, CLS, the JavaScript the page transferred) per page, with Lighthouse's mobile
 * preset (a mid-range phone on a slow 4G link, simulated) and its desktop preset.
 *
 *   npm run build && npm run bench:pages                 # both presets, one run per page
 *   npm run bench:pages -- --runs 3 --presets mobile     # the median of 3 runs, mobile only
 *   npm run bench:pages -- --dist /tmp/dist-me --server /tmp/build-me/main.js
 *
 * The server is the compiled one (build/server/main.js, `NODE_ENV=production`) serving the built SPA
 * (dist/, precompressed), on a fresh embedded PGlite in a temporary DATA_DIR; the bench logs in and
 * makes a game through the API. The browser is Debian's Chromium (or the one CHROMIUM_PATH names), a
 * new process and profile for every run, started here with a DevTools port that Lighthouse (its Node
 * API) connects to: never a browser Lighthouse would download. The sessions are put in the profile
 * before Lighthouse loads the page, with playwright-core over the same port: the `Admin-Token` cookie
 * the SPA reads (tests/e2e/support/session.ts), the player's token in local storage
 * (src/play/player-logic.ts). The display gets a fresh single-use code in its address, as the control
 * screen opens it. Lighthouse clears the HTTP cache before loading (a first visit) but not cookies or
 * local storage (its default `clearStorageTypes`).
 *
 * Lighthouse's throttling is simulated (its default): the metrics are computed from the page's own
 * trace and network as if on the preset's device and link, so they move less with the machine's load
 * than wall time would, but a loaded machine still lengthens the main-thread tasks the simulation
 * starts from. Writes JSON to bench/results/pages-<time>.json. Asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../', import.meta.url));
const ADMIN_PASSWORD = 'Bench-password-2026!';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    presets: { type: 'string', default: PRESETS.join(',') },
    pages: { type: 'string' },
    dist: { type: 'string', default: path.join(root, 'dist') },
    server: { type: 'string', default: path.join(root, 'build', 'server', 'main.js') },
  },
});
const runs = Number(values.runs);
const presets = values.presets.split(',').map((p) => p.trim()) as Preset[];
if (!(runs >= 1) || presets.some((p) => !PRESETS.includes(p))) {
  console.error('usage: npm run bench:pages -- [--runs 1] [--presets mobile,desktop] [--pages login,dashboard,…] [--dist dist] [--server build/server/main.js]');
  process.exit(2);
}
for (const [file, what] of [
  [values.server, 'the compiled server'],
  [path.join(values.dist, 'index.html'), 'the built SPA'],
] as const) {
  if (!fs.existsSync(file)) {
    console.error(`${file} (${what}) is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: apt-get install -y chromium fonts-wqy-microhei (or set CHROMIUM_PATH).`);
  process.exit(1);
}

// ------------------------------------------------------------------ helpers

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

// ------------------------------------------------------------------ the server and its data

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = spawn(process.execPath, [values.server], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.resolve(values.dist),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // One token for the whole run (nothing here refreshes it).
      ACCESS_TOKEN_TTL: String(4 * 3600),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 120_000;
  while (!output.includes('is running on')) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${output}`);
    await sleep(100);
  }
  return server;
}

async function post(base: string, apiPath: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${base}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cid: '1', lang: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as any;
  if (envelope.code !== 200) throw new Error(`${apiPath}: ${envelope.code} ${envelope.message} ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}

interface Fixture {
  base: string;
  adminToken: string;
  gameId: number;
  pin: string;
}

async function seed(base: string): Promise<Fixture> {
  const login = await post(base, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD });
  const adminToken = login.token_info.token as string;
  const { id } = await post(base, '/api/admin/triviaGame/create', { title: 'Lighthouse night 燈塔之夜', type: 1 }, adminToken);
  await post(
    base,
    '/api/admin/question/create',
    {
      trivia_game_id: id,
      title: 'Highest peak',
      question_text: '台灣最高的山是哪一座？',
      question_img: '',
      pre_video_url: '',
      have_answering_time: 1,
      answering_time: 60,
      score: 0,
      question_type: 1,
      is_bonus: 0,
      options: ['雪山', '玉山', '合歡山', '阿里山'].map((text, i) => ({ title: 'ABCD'[i], text, img: '' })),
      answer: ['B'],
    },
    adminToken,
  );
  const { item } = await post(base, '/api/admin/triviaGame/detail', { id }, adminToken);
  return { base, adminToken, gameId: id, pin: item.pin as string };
}

// ------------------------------------------------------------------ the pages

interface Session {
  cookies?: { name: string; value: string }[];
  localStorage?: Record<string, string>;
}

interface PageCase {
  name: string;
  /** The address to load, and what to put in the browser's profile first (made fresh for each run). */
  prepare(fixture: Fixture, run: number): Promise<{ path: string; session?: Session }>;
}

const PAGES: PageCase[] = [
  { name: 'login', prepare: async () => ({ path: '/login' }) },
  {
    name: 'dashboard',
    prepare: async (fixture) => ({ path: '/dashboard', session: { cookies: [{ name: 'Admin-Token', value: fixture.adminToken }] } }),
  },
  { name: 'play-join', prepare: async (fixture) => ({ path: `/play?pin=${fixture.pin}` }) },
  {
    name: 'play-joined',
    prepare: async (fixture, run) => {
      const joined = await post(fixture.base, '/api/play/join', { pin: fixture.pin, nickname: `Bench ${run}` });
      return { path: '/play', session: { localStorage: { 'live-trivia.player': JSON.stringify({ token: joined.player_token, pin: fixture.pin }) } } };
    },
  },
  {
    name: 'quiz-display',
    prepare: async (fixture) => {
      const { code } = await post(fixture.base, '/api/admin/triviaGame/displayCode', { trivia_game_id: fixture.gameId }, fixture.adminToken);
      return { path: `/quiz?token=${code}&company_id=1&trivia_game_id=${fixture.gameId}` };
    },
  },
];
const pageNames = values.pages ? values.pages.split(',').map((p) => p.trim()) : PAGES.map((p) => p.name);
const unknownPage = pageNames.find((name) => !PAGES.some((p) => p.name === name));
if (unknownPage) {
  console.error(`unknown page ${unknownPage}; pages: ${PAGES.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

// ------------------------------------------------------------------ the browser and Lighthouse

/** Debian's Chromium with a DevTools port of its own and an empty profile; resolves once the port answers. */
async function startChromium(profile: string): Promise<{ browser: ChildProcess; port: number }> {
  const browser = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${output}`)), 30_000);
    browser.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    browser.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return { browser, port };
}

/** Puts the cookies and local storage in the running browser's profile, for the server's origin. */
async function putSession(port: number, base: string, session: Session): Promise<void> {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = cdp.contexts()[0]!;
    if (session.cookies) await context.addCookies(session.cookies.map((cookie) => ({ ...cookie, url: base })));
    if (session.localStorage) {
      const page = await context.newPage();
      // Any page of the origin gives its storage; the favicon loads no script that could read it first.
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, session.localStorage);
      await page.close();
    }
  } finally {
    // Over CDP this disconnects; the browser and its default context stay for Lighthouse.
    await cdp.close();
  }
}

interface Figures {
  performance: number;
  accessibility: number;
  best_practices: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  js_kb: number;
  total_kb: number;
  requests: number;
  final_url: string;
  warnings: string[];
  /** Every metric measured (a run whose trace failed has none, and scores of 0). */
  valid: boolean;
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
  const of = (type: string) => summary.find((item) => item.resourceType === type);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(metric);
  return {
    valid: !lhr.runtimeError && metrics.every(Number.isFinite),
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    fcp_ms: Math.round(metrics[0]!),
    lcp_ms: Math.round(metrics[1]!),
    tbt_ms: Math.round(metrics[2]!),
    cls: Math.round(metrics[3]! * 1000) / 1000,
    js_kb: Math.round((of('script')?.transferSize ?? 0) / 1024),
    total_kb: Math.round((of('total')?.transferSize ?? 0) / 1024),
    requests: of('total')?.requestCount ?? 0,
    final_url: lhr.finalDisplayedUrl,
    warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [])],
  };
}

async function lighthouseOnce(fixture: Fixture, page: PageCase, preset: Preset, run: number): Promise<Figures> {
  const { path: address, session } = await page.prepare(fixture, run);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-profile-'));
  const { browser, port } = await startChromium(profile);
  try {
    if (session) await putSession(port, fixture.base, session);
    const flags: Flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      locale: 'en-US',
    };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(`${fixture.base}${address}`, flags, config);
    if (!result) throw new Error('Lighthouse returned nothing');
    return figuresOf(result.lhr);
  } finally {
    await stop(browser);
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function medianFigures(all: Figures[]): Figures {
  const keys = ['performance', 'accessibility', 'best_practices', 'fcp_ms', 'lcp_ms', 'tbt_ms', 'cls', 'js_kb', 'total_kb', 'requests'] as const;
  const out = { ...all[0]!, warnings: [...new Set(all.flatMap((f) => f.warnings))] };
  for (const key of keys) out[key] = median(all.map((f) => f[key]));
  return out;
}

// ------------------------------------------------------------------ the run

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(
  `bench:pages — Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${path.basename(CHROMIUM)} at ${CHROMIUM}; ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${loadAverage()}; ${runs} run(s) per page, median`,
);
const server = await startServer(dataDir, port);
let runCount = 0;
const results: { page: string; preset: Preset; runs: Figures[]; median: Figures; load: string }[] = [];
try {
  const fixture = await seed(base);
  const header = `${'page'.padEnd(14)} ${'preset'.padEnd(8)} perf  a11y  b.p.   FCP ms   LCP ms  TBT ms    CLS   JS KB  all KB  req`;
  console.log(header);
  for (const preset of presets) {
    for (const page of PAGES.filter((p) => pageNames.includes(p.name))) {
      const all: Figures[] = [];
      for (let run = 1; run <= runs; run += 1) {
        // A run whose trace failed (Lighthouse's NO_NAVSTART, NO_FCP… on a busy machine) has no metrics: tried again once.
        let figures = await lighthouseOnce(fixture, page, preset, (runCount += 1));
        if (!figures.valid) figures = await lighthouseOnce(fixture, page, preset, (runCount += 1));
        all.push(figures);
      }
      const valid = all.filter((f) => f.valid);
      const m = medianFigures(valid.length ? valid : all);
      results.push({ page: page.name, preset, runs: all, median: m, load: loadAverage() });
      console.log(
        `${page.name.padEnd(14)} ${preset.padEnd(8)} ${String(m.performance).padStart(4)}  ${String(m.accessibility).padStart(4)}  ${String(m.best_practices).padStart(4)} ` +
          `${String(m.fcp_ms).padStart(8)} ${String(m.lcp_ms).padStart(8)} ${String(m.tbt_ms).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${String(m.js_kb).padStart(7)} ${String(m.total_kb).padStart(7)} ${String(m.requests).padStart(4)}`,
      );
      for (const warning of m.warnings) console.log(`    warning: ${warning}`);
      if (valid.length < all.length) console.log(`    ${all.length - valid.length} of ${all.length} runs without metrics (left out of the median)`);
      // Where the page ended (the dashboard, not a login page it was sent back to; the display without its code).
      console.log(`    ended at ${m.final_url.replace(base, '')}`);
    }
  }
} finally {
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const file = path.join(root, 'bench', 'results', `pages-${new Date().toISOString().replaceAll(':', '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(
  file,
  JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, load_after: loadAverage() }, chromium: CHROMIUM, runs, results }, null, 2),
);
console.log(`JSON: ${path.relative(root, file)}`);
