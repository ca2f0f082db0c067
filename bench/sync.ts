/**
 * bench:sync — do the big screen and the phones flip their countdown's seconds together, on the
 * server's deadline? Opens the quiz display and N phone pages (/play) in one Chromium (a context
 * each), runs timed questions, and records on every page the true time at which its displayed second
 * changed; compares each change to the moment it should happen (the server's deadline − the seconds
 * now shown). Also reloads phones mid-question and times how long until the reloaded page shows the
 * running countdown on the right second.
 *
 *   npx vite build --outDir /tmp/dist-me && npm run bench:sync -- --dist /tmp/dist-me
 *   npm run bench:sync -- --phones 20 --runs 3 --question-seconds 10 --reloads 2
 *   npm run build && npm run bench:sync -- --server build      # the compiled server, dist/
 *
 * What each page gets (one browser context per page, so each its own clock and network):
 * - **A wrong clock**: an init script replaces the page's `Date` (Date.now, `new Date()`, `Date()`)
 *   with one running `skew` ms off (phones spread evenly over −5 s … +5 s; the display −3 s). The page's
 *   `performance.now()` / `performance.timeOrigin` are left true (a phone with a wrong wall clock still
 *   measures intervals right), and are what the bench reads the true time from.
 * - **A slow network**, through playwright's routing: every HTTP request waits `delay`/2 before it goes
 *   out, and an API answer waits another `delay`/2 before the page gets it (`route.fetch` then
 *   `route.fulfill`; static files get the whole `delay` before they go out); the WebSocket is routed
 *   (`context.routeWebSocket`, the page's socket connected to the real server) and every frame, both
 *   ways, is held `delay`/2 — so a ping's round trip is `delay` longer, evenly split, as on a real
 *   slow link. Phones' delays spread over 20 … 300 ms; the display's is 60 ms.
 * - **The recorder**: a MutationObserver (installed before the app's scripts) reads the countdown
 *   (the phone's `[data-testid=countdown]`, the display's `[data-testid=display-countdown]`) after every
 *   DOM change and, when the number shown changes, reports it with `performance.timeOrigin +
 *   performance.now()` (the true time, unaffected by the skew) through an exposed binding. The
 *   countdown gone or showing no number (time's up) counts as 0.
 *
 * A flip to s seconds is due at deadline − s × 1000 (src/domain/clock.ts secondsShown: the whole
 * seconds left, rounded up); its skew is when it happened minus that (positive: late). The server,
 * the browser and this script share the machine's clock, so the server's deadline (the show step's
 * answer) is directly comparable with the pages' true times. Prints p50/p95/max of |skew| per page
 * type and overall, the skews' median with its sign, and the reload times; writes JSON to
 * bench/results/sync-<time>.json. Asserts nothing. Needs the machine to itself (21 pages in one
 * Chromium on two cores: a busy machine shows up as late flips).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../', import.meta.url));
const ADMIN_PASSWORD = 'Bench-password-2026!';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const { values } = parseArgs({
  options: {
    phones: { type: 'string', default: '20' },
    runs: { type: 'string', default: '3' },
    'question-seconds': { type: 'string', default: '10' },
    /** Phones reloaded mid-question in each run. */
    reloads: { type: 'string', default: '2' },
    /** The phones' clock skews spread over ±this, ms. */
    'max-skew': { type: 'string', default: '5000' },
    dist: { type: 'string', default: path.join(root, 'dist') },
    // tsx: src/server/main.ts through tsx; build: build/server/main.js (npm run build first).
    server: { type: 'string', default: 'tsx' },
  },
});
const phoneCount = Number(values.phones);
const runs = Number(values.runs);
const questionSeconds = Number(values['question-seconds']);
const reloadsPerRun = Number(values.reloads);
const maxSkew = Number(values['max-skew']);
if (!(phoneCount >= 1) || !(runs >= 1) || !(questionSeconds >= 3) || !(reloadsPerRun >= 0 && reloadsPerRun <= phoneCount) || !(maxSkew >= 0) || !['tsx', 'build'].includes(values.server)) {
  console.error('usage: npm run bench:sync -- [--phones 20] [--runs 3] [--question-seconds 10 (≥ 3)] [--reloads 2] [--max-skew 5000] [--dist dist] [--server tsx|build]');
  process.exit(2);
}
for (const [file, what] of [
  [path.join(values.dist, 'index.html'), 'the built SPA (npx vite build --outDir …)'],
  ...(values.server === 'build' ? [[path.join(root, 'build', 'server', 'main.js'), 'the compiled server (npm run build)'] as const] : []),
  [CHROMIUM, 'Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)'],
] as const) {
  if (!fs.existsSync(file)) {
    console.error(`${file} (${what}) is missing.`);
    process.exit(1);
  }
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

// ------------------------------------------------------------------ the server and the game

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

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const entry = values.server === 'build' ? [path.join(root, 'build', 'server', 'main.js')] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, entry, {
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
      ACCESS_TOKEN_TTL: String(4 * 3600),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 240_000;
  while (!output.includes('is running on')) {
    if (server.exitCode !== null || Date.now() > until) {
      server.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(100);
  }
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (server.exitCode === null) server.kill('SIGKILL');
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

// ------------------------------------------------------------------ the pages

type Kind = 'display' | 'phone';

/** Set once the bench closes the browser: requests in flight then fail, and that is expected. */
let closing = false;

interface FlipRecord {
  /** Which document of the page (a reload starts another). */
  doc: string;
  /** The seconds shown; null: no countdown on the page. */
  value: number | null;
  /** True time (ms since epoch) of the DOM change. */
  t: number;
}

interface BenchPage {
  name: string;
  kind: Kind;
  skewMs: number;
  delayMs: number;
  context: BrowserContext;
  page: Page;
  records: FlipRecord[];
}

const SELECTORS: Record<Kind, string> = { display: '[data-testid="display-countdown"]', phone: '[data-testid="countdown"]' };

/** Runs in the page before its scripts: the skewed Date, and the countdown's recorder. */
function pageSetup({ skewMs, selector, storage }: { skewMs: number; selector: string; storage: Record<string, string> | null }): void {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const skewed = () => realNow() + skewMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => (args.length === 0 ? Reflect.construct(target, [skewed()], newTarget) : Reflect.construct(target, args, newTarget)),
    apply: (target) => new target(skewed()).toString(),
    get: (target, property, receiver) => (property === 'now' ? skewed : Reflect.get(target, property, receiver)),
  });
  if (storage) for (const [key, value] of Object.entries(storage)) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  const doc = Math.random().toString(36).slice(2);
  const trueNow = () => performance.timeOrigin + performance.now();
  let last: number | null | undefined;
  const check = () => {
    const element = document.querySelector(selector);
    const digits = element ? /\d+/.exec(element.textContent ?? '') : null;
    const value = element ? (digits ? Number(digits[0]) : 0) : null;
    if (value === last) return;
    last = value;
    (window as unknown as { __syncRecord: (doc: string, value: number | null, t: number) => void }).__syncRecord(doc, value, trueNow());
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
}

async function openBenchPage(
  browser: Browser,
  base: string,
  spec: { name: string; kind: Kind; skewMs: number; delayMs: number; locale: string; storage: Record<string, string> | null },
): Promise<BenchPage> {
  const context = await browser.newContext({
    locale: spec.locale,
    viewport: spec.kind === 'display' ? { width: 1280, height: 720 } : { width: 390, height: 844 },
  });
  // Generous: 21 pages start on two cores (a loaded machine takes minutes).
  context.setDefaultTimeout(240_000);
  const records: FlipRecord[] = [];
  await context.exposeBinding('__syncRecord', (_source, doc: string, value: number | null, t: number) => void records.push({ doc, value, t }));
  // As source (tsx's helpers such as __name do not exist in the page).
  const setupArgument = JSON.stringify({ skewMs: spec.skewMs, selector: SELECTORS[spec.kind], storage: spec.storage });
  await context.addInitScript({ content: `(() => { const __name = (f) => f; (${pageSetup.toString()})(${setupArgument}); })();` });
  const half = spec.delayMs / 2;
  await context.route(
    (url) => url.origin === base,
    async (route) => {
      try {
        await sleep(half);
        if (!new URL(route.request().url()).pathname.startsWith('/api/')) {
          await sleep(half);
          return await route.continue();
        }
        const response = await route.fetch();
        const body = await response.body();
        await sleep(half);
        // The body comes decoded: sent on without the encoding headers that described it compressed.
        const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'));
        return await route.fulfill({ status: response.status(), headers, body });
      } catch (error) {
        // A request still on its way when the page reloads or the bench closes the browser.
        if (!closing) console.error(`${spec.name}: ${route.request().url()}: ${(error as Error).message.split('\n')[0]}`);
      }
    },
  );
  await context.routeWebSocket(
    (url) => url.pathname === '/api/ws',
    (ws) => {
      const server = ws.connectToServer();
      const later = (fn: () => void) =>
        setTimeout(() => {
          try {
            fn();
          } catch {
            // The socket closed meanwhile.
          }
        }, half);
      ws.onMessage((message) => later(() => server.send(message)));
      server.onMessage((message) => later(() => ws.send(message)));
      ws.onClose((code, reason) => later(() => server.close({ code, reason })));
      server.onClose((code, reason) => later(() => ws.close({ code, reason })));
    },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`${spec.name}: page error: ${error.message}`));
  return { name: spec.name, kind: spec.kind, skewMs: spec.skewMs, delayMs: spec.delayMs, context, page, records };
}

// ------------------------------------------------------------------ figures

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN);

interface Flip {
  page: string;
  kind: Kind;
  run: number;
  /** The second flipped to (0: time's up). */
  to: number;
  skew_ms: number;
  after_reload: boolean;
}

interface Stats {
  flips: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /** The median of the signed skews (positive: late). */
  median_signed_ms: number;
}

function statsOf(skews: number[]): Stats {
  const abs = skews.map(Math.abs).sort((a, b) => a - b);
  const signed = [...skews].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n);
  return { flips: skews.length, p50_ms: r(percentile(abs, 50)), p95_ms: r(percentile(abs, 95)), max_ms: r(abs.at(-1) ?? Number.NaN), median_signed_ms: r(percentile(signed, 50)) };
}

/** The flips of one page during one question (records between `from` and `until`). */
function flipsOf(page: BenchPage, run: number, deadline: number, from: number, until: number, reloadedDocs: Set<string>): { flips: Flip[]; oddities: string[] } {
  const flips: Flip[] = [];
  const oddities: string[] = [];
  const records = page.records.filter((r) => r.t >= from && r.t <= until);
  for (let i = 1; i < records.length; i += 1) {
    const before = records[i - 1]!;
    const now = records[i]!;
    if (before.doc !== now.doc || before.value === null || before.value < 1) continue;
    const to = now.value ?? 0;
    if (to >= before.value) {
      oddities.push(`${page.name}: ${before.value} → ${to} at deadline − ${Math.round(deadline - now.t)} ms`);
      continue;
    }
    if (before.value - to > 1) oddities.push(`${page.name}: skipped from ${before.value} to ${to}`);
    flips.push({ page: page.name, kind: page.kind, run, to, skew_ms: Math.round((now.t - (deadline - to * 1000)) * 10) / 10, after_reload: reloadedDocs.has(now.doc) });
  }
  return { flips, oddities };
}

/**
 * When the reloaded page first showed the right second (the first moment a shown value matches the
 * true one), and the first number it showed with the one due at that moment.
 */
function rightAfterReload(page: BenchPage, oldDoc: string | undefined, reloadAt: number, deadline: number): { ms: number | null; doc: string | null; first: { shown: number; due: number; ms: number } | null } {
  const records = page.records.filter((r) => r.t >= reloadAt && r.doc !== oldDoc);
  const doc = records[0]?.doc ?? null;
  const mine = records.filter((r) => r.doc === doc);
  const shownFirst = mine.find((r) => r.value !== null);
  const first = shownFirst ? { shown: shownFirst.value!, due: Math.ceil(Math.max(0, deadline - shownFirst.t) / 1000), ms: Math.round(shownFirst.t - reloadAt) } : null;
  for (let i = 0; i < mine.length; i += 1) {
    const shown = mine[i]!.value;
    if (shown === null || shown < 1) continue;
    const start = Math.max(mine[i]!.t, deadline - shown * 1000);
    const end = Math.min(mine[i + 1]?.t ?? Number.POSITIVE_INFINITY, deadline - (shown - 1) * 1000);
    if (start < end) return { ms: Math.round(start - reloadAt), doc, first };
  }
  return { ms: null, doc, first };
}

// ------------------------------------------------------------------ the run

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'CPU', node: process.version, load_before: loadAverage() };
console.log(
  `bench:sync — ${phoneCount} phones + 1 display in ${CHROMIUM}; ${runs} question(s) of ${questionSeconds} s, ${reloadsPerRun} reload(s) each; ` +
    `${machine.cpus} × ${machine.model}, Node ${process.version}, load ${machine.load_before}; server ${values.server}, SPA ${values.dist}`,
);
const server = await startServer(dataDir, port);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const allFlips: Flip[] = [];
const oddities: string[] = [];
const reloads: { run: number; page: string; skew_ms: number; delay_ms: number; right_after_ms: number | null; first: { shown: number; due: number; ms: number } | null }[] = [];
const pages: BenchPage[] = [];
try {
  const login = await post(base, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD });
  const token = login.token_info.token as string;
  const { id: gameId } = await post(base, '/api/admin/triviaGame/create', { title: 'Countdown sync 倒數同步', type: 1 }, token);
  const questionIds: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const { id } = await post(
      base,
      '/api/admin/question/create',
      {
        trivia_game_id: gameId,
        title: `Sync ${i + 1}`,
        question_text: `第 ${i + 1} 題：台灣最高的山是哪一座？`,
        question_img: '',
        pre_video_url: '',
        have_answering_time: 1,
        answering_time: questionSeconds,
        score: 0,
        question_type: 1,
        is_bonus: 0,
        options: ['雪山', '玉山', '合歡山', '阿里山'].map((text, j) => ({ title: 'ABCD'[j], text, img: '' })),
        answer: ['B'],
      },
      token,
    );
    questionIds.push(id);
  }
  const { item } = await post(base, '/api/admin/triviaGame/detail', { id: gameId }, token);
  const pin = item.pin as string;

  // The display (paired by a fresh single-use code in its address, as the control screen opens it) and the phones.
  const { code } = await post(base, '/api/admin/triviaGame/displayCode', { trivia_game_id: gameId }, token);
  const display = await openBenchPage(browser, base, { name: 'display', kind: 'display', skewMs: -3000, delayMs: 60, locale: 'zh-TW', storage: null });
  await display.page.goto(`${base}/quiz?token=${code}&company_id=1&trivia_game_id=${gameId}`);
  await display.page.getByTestId('pin').waitFor();
  const specs = Array.from({ length: phoneCount }, (_, i) => {
    const spread = phoneCount === 1 ? 0.5 : i / (phoneCount - 1);
    // Skews and delays spread evenly, paired in a scrambled order (so skew and delay are not correlated).
    const other = phoneCount === 1 ? 0.5 : ((i * 7) % phoneCount) / (phoneCount - 1);
    return { name: `phone-${String(i + 1).padStart(2, '0')}`, skewMs: Math.round(-maxSkew + 2 * maxSkew * spread), delayMs: Math.round(20 + 280 * other), locale: i % 2 ? 'en-US' : 'zh-TW' };
  });
  const phones: BenchPage[] = [];
  for (let i = 0; i < specs.length; i += 4) {
    const batch = await Promise.all(
      specs.slice(i, i + 4).map(async (spec) => {
        const joined = await post(base, '/api/play/join', { pin, nickname: `Sync ${spec.name.slice(6)}` });
        const storage = { 'live-trivia.player': JSON.stringify({ token: joined.player_token, pin }) };
        const phone = await openBenchPage(browser, base, { ...spec, kind: 'phone', storage });
        await phone.page.goto(`${base}/play`);
        await phone.page.locator('.lobby').waitFor();
        return phone;
      }),
    );
    phones.push(...batch);
  }
  pages.push(display, ...phones);
  await display.page.getByTestId('player-count').getByText(String(phoneCount)).waitFor();
  // The pages' sockets ping at once, 1 s and 3 s after connecting (src/shared/realtime/client.ts): a
  // question comes once those first clock samples are in, as it would in a room.
  await sleep(4_000);
  console.log(`${phoneCount} phones and the display ready; load ${loadAverage()}`);

  const reloadOrder = [...phones].sort((a, b) => a.delayMs - b.delayMs);
  for (let run = 0; run < runs; run += 1) {
    const shownAt = Date.now();
    const shown = await post(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionIds[run], type: 2 }, token);
    const deadline = Date.parse(shown.question.deadline);
    // Phones reloaded half-way through, 1.3 s apart, picked across the delays (by delay: the 1st, 8th, 15th, 2nd, …).
    const chosen = Array.from({ length: reloadsPerRun }, (_, k) => reloadOrder[((run * reloadsPerRun + k) * 7) % phones.length]!);
    const reloaded = [...new Set(chosen)];
    const reloadedDocs = new Set<string>();
    for (const [k, phone] of reloaded.entries()) {
      // Just after a flip is due (+ 100 ms … ): the reload then has the most of a second to show the right one.
      const at = deadline - Math.ceil(questionSeconds / 2) * 1000 + 100 + k * 1300;
      await sleep(Math.max(0, at - Date.now()));
      const oldDoc = phone.records.at(-1)?.doc;
      const reloadAt = Date.now();
      await phone.page.reload({ waitUntil: 'commit' });
      // Until the countdown shows a number again (or the question is over).
      const until = deadline + 3_000;
      while (Date.now() < until && !phone.records.some((r) => r.t >= reloadAt && r.doc !== oldDoc && r.value !== null && r.value > 0)) await sleep(50);
      const right = rightAfterReload(phone, oldDoc, reloadAt, deadline);
      if (right.doc) reloadedDocs.add(right.doc);
      reloads.push({
        run: run + 1,
        page: phone.name,
        skew_ms: phone.skewMs,
        delay_ms: phone.delayMs,
        right_after_ms: right.ms,
        first: right.first,
      });
    }
    // Until every page shows time's up (or no countdown), at most 10 s past the deadline.
    const end = deadline + 10_000;
    const over = (p: BenchPage) => {
      const last = p.records.at(-1);
      return !!last && last.t >= deadline - 1_000 && (last.value === null || last.value === 0);
    };
    while (Date.now() < end && !pages.every(over)) await sleep(100);
    const late = pages.filter((p) => !over(p)).map((p) => p.name);
    if (late.length) oddities.push(`run ${run + 1}: still counting 10 s past the deadline: ${late.join(', ')}`);
    for (const page of pages) {
      const { flips, oddities: odd } = flipsOf(page, run + 1, deadline, shownAt, end, reloadedDocs);
      allFlips.push(...flips);
      oddities.push(...odd.map((o) => `run ${run + 1}: ${o}`));
    }
    const runStats = statsOf(allFlips.filter((f) => f.run === run + 1).map((f) => f.skew_ms));
    console.log(
      `run ${run + 1}: ${runStats.flips} flips, |skew| p50 ${runStats.p50_ms} ms, p95 ${runStats.p95_ms} ms, max ${runStats.max_ms} ms; reloads ` +
        reloads
          .filter((r) => r.run === run + 1)
          .map((r) => `${r.page} (${r.delay_ms} ms) ${r.right_after_ms ?? '—'} ms`)
          .join(', ') +
        `; load ${loadAverage()}`,
    );
    // The answer, so the next question may be shown (the server publishes it itself shortly after the deadline; "already" then).
    await post(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionIds[run], type: 3 }, token);
    await sleep(1_000);
  }
} finally {
  closing = true;
  await Promise.all(pages.map((p) => p.context.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => undefined)));
  await browser.close().catch(() => undefined);
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ------------------------------------------------------------------ the report

const groups: [string, Flip[]][] = [
  ['display', allFlips.filter((f) => f.kind === 'display')],
  ['phones', allFlips.filter((f) => f.kind === 'phone')],
  ['  after a reload', allFlips.filter((f) => f.after_reload)],
  ['all pages', allFlips],
];
console.log(`\n${'pages'.padEnd(18)} ${'flips'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  median signed ms (+ late)`);
const summary: Record<string, Stats> = {};
for (const [name, flips] of groups) {
  const s = statsOf(flips.map((f) => f.skew_ms));
  summary[name.trim()] = s;
  console.log(`${name.padEnd(18)} ${String(s.flips).padStart(6)} ${String(s.p50_ms).padStart(8)} ${String(s.p95_ms).padStart(8)} ${String(s.max_ms).padStart(8)}  ${s.median_signed_ms}`);
}
const perPage = pages.map((p) => ({ page: p.name, skew_ms: p.skewMs, delay_ms: p.delayMs, ...statsOf(allFlips.filter((f) => f.page === p.name).map((f) => f.skew_ms)) }));
console.log(`\n${'page'.padEnd(10)} ${'clock'.padStart(7)} ${'delay'.padStart(6)} ${'flips'.padStart(6)} ${'median'.padStart(7)} ${'max|·|'.padStart(7)}`);
for (const p of perPage) console.log(`${p.page.padEnd(10)} ${String(p.skew_ms).padStart(7)} ${String(p.delay_ms).padStart(6)} ${String(p.flips).padStart(6)} ${String(p.median_signed_ms).padStart(7)} ${String(p.max_ms).padStart(7)}`);
const reloadTimes = reloads.map((r) => r.right_after_ms).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
console.log(
  `\nreload → the running countdown on the right second: ${reloads.length} reloads, p50 ${percentile(reloadTimes, 50)} ms, max ${reloadTimes.at(-1) ?? '—'} ms` +
    (reloadTimes.length < reloads.length ? `, ${reloads.length - reloadTimes.length} never right` : ''),
);
for (const r of reloads) {
  const first = r.first ? `first showed ${r.first.shown} after ${r.first.ms} ms, ${r.first.due} due then` : 'never showed a number';
  console.log(`  run ${r.run} ${r.page} (clock ${r.skew_ms} ms, delay ${r.delay_ms} ms): right after ${r.right_after_ms ?? 'never'} ms; ${first}`);
}
if (oddities.length) {
  console.log(`\n${oddities.length} odd change(s):`);
  for (const o of oddities.slice(0, 20)) console.log(`  ${o}`);
}
const loadAfter = loadAverage();
console.log(`load after ${loadAfter}`);
const file = path.join(root, 'bench', 'results', `sync-${new Date().toISOString().replaceAll(':', '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      machine: { ...machine, load_after: loadAfter },
      chromium: CHROMIUM,
      options: { phones: phoneCount, runs, question_seconds: questionSeconds, reloads: reloadsPerRun, max_skew_ms: maxSkew, server: values.server },
      summary,
      per_page: perPage,
      reloads,
      oddities,
      flips: allFlips,
    },
    null,
    2,
  ),
);
console.log(`JSON: ${path.relative(root, file)}`);
