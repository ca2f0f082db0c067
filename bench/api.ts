/**
 * `npm run bench:api [-- --duration 20 --connections 50 --database pglite,postgres --routes games,questions,notifications,info,mix,game,question]`:
 * the admin API's everyday calls under load, against the real server process (src/server/main.ts) on
 * the embedded PGlite (a fresh DATA_DIR) and on PostgreSQL (a fresh database created through the
 * admin connection `--pg-url`, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards),
 * each seeded through the API with 50 games and 500 questions (one game holds 59) and 50
 * notifications for the super admin. autocannon runs in this process, the server in its own; the
 * figure is the ratio to a bare Fastify 5 route (bench/lib/bare-api.ts, a third process) answering
 * the same JSON, measured right after each route in the same run.
 *
 * Routes (POST, as the SPA sends them, with a bearer token and `Cid: 1`):
 *   games          /api/admin/triviaGame/list   page 1, limit 20
 *   questions      /api/admin/question/list     the 59-question game, page 1, limit 100
 *   notifications  /api/admin/notification/list page 1, limit 20
 *   info           /api/admin/info              the SPA's first call after loading (menu, permissions, badge)
 *   mix            the four above in turn on every connection
 *   game           /api/admin/triviaGame/detail the 59-question game
 *   question       /api/admin/question/detail   its first question
 * Per route it prints req/s (mean), latency p50 and p99, the server's CPU per request (from
 * /proc/<pid>/stat; on PostgreSQL also every postgres process's), the bare route's req/s and p99, and
 * the ratio ours / bare. Before and after each route one request checks the envelope is code 200
 * (the token still valid), and any non-2xx or socket error is counted and printed. No request sends
 * Accept-Encoding, so neither side compresses, unless `--accept-encoding br` (or gzip) asks for it as a
 * browser does: then the server compresses what is 1 KB or more (a cached answer's compressed copy is
 * kept with it), the bare server still does not. Writes JSON to bench/results/api-<time>.json.
 * A benchmark, not a test: it asserts nothing, it reports. See bench/README.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('../', import.meta.url));
const ADMIN_PASSWORD = 'Bench-password-2026!';
const ROUTE_NAMES = ['games', 'questions', 'notifications', 'info', 'mix', 'game', 'question'] as const;
type RouteName = (typeof ROUTE_NAMES)[number];
type DatabaseName = 'pglite' | 'postgres';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    database: { type: 'string', default: 'pglite,postgres' },
    routes: { type: 'string', default: ROUTE_NAMES.join(',') },
    games: { type: 'string', default: '50' },
    questions: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '3' },
    port: { type: 'string', default: '18100' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'accept-encoding': { type: 'string', default: '' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Math.min(Number(values.warmup), duration);
const gameTotal = Number(values.games);
const questionTotal = Number(values.questions);
const port = Number(values.port);
const databases = values.database.split(',').map((d) => d.trim()) as DatabaseName[];
const routes = values.routes.split(',').map((r) => r.trim()) as RouteName[];
/** Sent with every request when set (e.g. `br`, as a browser would): the server then compresses what is 1 KB or more; the bare server never does. */
const acceptEncoding = values['accept-encoding'];
if (
  !(duration > 0) ||
  !(connections > 0) ||
  !(warmup >= 0) ||
  !(gameTotal >= 1) ||
  !(questionTotal >= 59) ||
  databases.some((d) => d !== 'pglite' && d !== 'postgres') ||
  routes.some((r) => !ROUTE_NAMES.includes(r))
) {
  console.error(`usage: npm run bench:api -- [--duration 20] [--connections 50] [--database pglite,postgres] [--routes ${ROUTE_NAMES.join(',')}] [--games 50] [--questions 500 (≥ 59)] [--warmup 3] [--pg-url postgres://…/test]`);
  process.exit(2);
}

// ------------------------------------------------------------------ helpers

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of each PostgreSQL server process on this machine, by pid (others' work included).
 * Compared with `postgresCpuSince`, so a backend that ended during the run takes its time away from
 * neither side (it is missing from both: a lower bound, never below zero).
 */
function postgresCpuByPid(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') byPid.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return byPid;
}

/** The PostgreSQL processes' CPU (ms) since `before`, counted per process alive at both ends or started since. */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpuByPid()) total += Math.max(0, ms - (before.get(pid) ?? 0));
  return total;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function call(base: string, apiPath: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${base}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cid: '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as any;
  if (envelope.code !== 200) throw new Error(`${apiPath}: ${envelope.code} ${envelope.message} ${JSON.stringify(envelope.data)}`);
  return envelope;
}

/** Runs `task` over `items`, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

// ------------------------------------------------------------------ the server under test

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = spawn(process.execPath, [...extra, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // One token for the whole run (the bench does not refresh).
      ACCESS_TOKEN_TTL: String(4 * 3600),
      // The API alone: no SPA to serve.
      STATIC_DIR: path.join(os.tmpdir(), 'bench-api-no-spa'),
      ...env,
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

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

async function adminClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** A fresh PostgreSQL database for one run, created through the admin connection; returns its URL and how to drop it. */
async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_api_${process.pid}_${randomBytes(3).toString('hex')}`;
  const client = await adminClient(adminUrl);
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = await adminClient(adminUrl);
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

// ------------------------------------------------------------------ seeding, through the API

const OPTIONS = ['玉山', '雪山', '合歡山', '阿里山'].map((text, k) => ({ title: 'ABCD'[k]!, text, img: '' }));

/** Brings company 1 to `gameTotal` games and `questionTotal` questions (one game with 59), and 50 notifications for the admin. */
async function seed(base: string, token: string): Promise<{ bigGameId: number; games: number; questions: number; notifications: number }> {
  const existing = (await call(base, '/api/admin/triviaGame/list', { page: 1, limit: 100 }, token)).data as { list: Array<{ id: number }>; total: number };
  let questions = 0;
  for (const game of existing.list) questions += (await call(base, '/api/admin/question/list', { trivia_game_id: game.id, page: 1, limit: 1 }, token)).data.total as number;
  const newGames = Math.max(1, gameTotal - existing.total);
  const gameIds: number[] = [];
  for (let i = 0; i < newGames; i += 1) {
    const created = await call(base, '/api/admin/triviaGame/create', { title: `Bench game ${String(i + 1).padStart(2, '0')}`, type: 1 }, token);
    gameIds.push(created.data.id as number);
  }
  const bigGameId = gameIds[0]!;
  const rest = Math.max(0, questionTotal - questions - 59);
  const others = gameIds.slice(1);
  const plan: number[] = Array.from({ length: 59 }, () => bigGameId);
  for (let i = 0; i < rest; i += 1) plan.push(others.length ? others[i % others.length]! : bigGameId);
  await eachLimited(
    plan.map((gameId, i) => ({ gameId, i })),
    4,
    async ({ gameId, i }) => {
      await call(
        base,
        '/api/admin/question/create',
        {
          trivia_game_id: gameId,
          title: `Q${i + 1}`,
          question_text: `Which mountain is the highest in Taiwan? (${i + 1})`,
          question_img: '',
          pre_video_url: '',
          have_answering_time: 1,
          answering_time: 20,
          score: 0,
          question_type: 1,
          is_bonus: 0,
          options: OPTIONS,
          answer: ['A'],
        },
        token,
      );
    },
  );
  // To every admin of the company: on a fresh database, the super admin alone.
  const recipients = ((await call(base, '/api/admin/notification/admins', {}, token)).data as { admins: Array<{ id: number }> }).admins;
  let notifications = 0;
  if (recipients.length) {
    for (let i = 0; i < 50; i += 1) {
      await call(base, '/api/admin/notification/send', { admins: [], message: `<p>Bench notification ${i + 1}: the <b>quiz</b> starts at 19:00.</p>` }, token);
      notifications += 1;
    }
  }
  return { bigGameId, games: existing.total + newGames, questions: questions + plan.length, notifications };
}

// ------------------------------------------------------------------ the routes

interface RouteRequest {
  path: string;
  body: unknown;
}

function routeRequests(name: RouteName, ids: { bigGameId: number; questionId: number }): RouteRequest[] {
  const single: Record<Exclude<RouteName, 'mix'>, RouteRequest> = {
    games: { path: '/api/admin/triviaGame/list', body: { page: 1, limit: 20 } },
    questions: { path: '/api/admin/question/list', body: { trivia_game_id: ids.bigGameId, page: 1, limit: 100 } },
    notifications: { path: '/api/admin/notification/list', body: { page: 1, limit: 20 } },
    info: { path: '/api/admin/info', body: {} },
    game: { path: '/api/admin/triviaGame/detail', body: { id: ids.bigGameId } },
    question: { path: '/api/admin/question/detail', body: { id: ids.questionId } },
  };
  return name === 'mix' ? [single.info, single.games, single.questions, single.notifications] : [single[name]];
}

async function load(url: string, requests: RouteRequest[], seconds: number, token?: string): Promise<Result> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    cid: '1',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  };
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: requests.map((r) => ({ method: 'POST', path: r.path, headers, body: JSON.stringify(r.body) })),
  });
}

interface RouteResult {
  route: RouteName;
  response_bytes: number[];
  ours: { req_s: number; p50_ms: number; p99_ms: number; requests: number; non2xx: number; errors: number; timeouts: number };
  server_cpu_us_per_request: number;
  postgres_cpu_us_per_request: number | null;
  bench_cpu_us_per_request: number;
  bare: { req_s: number; p50_ms: number; p99_ms: number; non2xx: number; errors: number };
  ratio: number;
  load_average: string;
}

async function measureRoute(base: string, token: string, name: RouteName, ids: { bigGameId: number; questionId: number }, server: ChildProcess, database: DatabaseName): Promise<RouteResult> {
  const requests = routeRequests(name, ids);
  // The answers as the app gives them: the bare server sends the same envelopes; and a check the token works.
  const answers: unknown[] = [];
  for (const r of requests) answers.push(await call(base, r.path, r.body, token));
  if (warmup > 0) await load(base, requests, warmup, token);

  const cpuBefore = { server: cpuMs(server.pid!), postgres: database === 'postgres' ? postgresCpuByPid() : new Map<number, number>(), bench: process.cpuUsage() };
  const ours = await load(base, requests, duration, token);
  const bench = process.cpuUsage(cpuBefore.bench);
  const serverCpu = cpuMs(server.pid!) - cpuBefore.server;
  const postgresCpu = database === 'postgres' ? postgresCpuSince(cpuBefore.postgres) : null;
  for (const r of requests) await call(base, r.path, r.body, token);

  const bareProcess = fork(path.join(root, 'bench/lib/bare-api.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_WORKER_ARGS ?? '').split(' ').filter(Boolean)],
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let bare: Result;
  try {
    const listening = new Promise<{ port: number }>((resolve) => bareProcess.once('message', resolve as never));
    bareProcess.send({ type: 'routes', routes: requests.map((r, i) => ({ path: r.path, body: answers[i] })) });
    const { port: barePort } = await listening;
    const bareBase = `http://127.0.0.1:${barePort}`;
    if (warmup > 0) await load(bareBase, requests, warmup);
    bare = await load(bareBase, requests, duration);
  } finally {
    bareProcess.kill('SIGTERM');
  }
  const total = ours.requests.total || 1;
  return {
    route: name,
    response_bytes: answers.map((a) => Buffer.byteLength(JSON.stringify(a))),
    ours: {
      req_s: round(ours.requests.average, 0),
      p50_ms: ours.latency.p50,
      p99_ms: ours.latency.p99,
      requests: ours.requests.total,
      non2xx: ours.non2xx,
      errors: ours.errors,
      timeouts: ours.timeouts,
    },
    server_cpu_us_per_request: Math.round((serverCpu * 1000) / total),
    postgres_cpu_us_per_request: postgresCpu === null ? null : Math.round((postgresCpu * 1000) / total),
    bench_cpu_us_per_request: Math.round((bench.user + bench.system) / total),
    bare: { req_s: round(bare.requests.average, 0), p50_ms: bare.latency.p50, p99_ms: bare.latency.p99, non2xx: bare.non2xx, errors: bare.errors },
    ratio: bare.requests.average ? round(ours.requests.average / bare.requests.average, 3) : 0,
    load_average: loadAverage(),
  };
}

// ------------------------------------------------------------------ one database

interface DatabaseResult {
  database: DatabaseName;
  seeded: { games: number; questions: number; notifications: number };
  server_rss_mb_idle: number;
  server_rss_mb_after: number;
  routes: RouteResult[];
}

async function runDatabase(database: DatabaseName): Promise<DatabaseResult> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const postgres = database === 'postgres' ? await createPostgresDatabase(values['pg-url']) : null;
  console.log(`\n== ${database === 'postgres' ? `PostgreSQL (${postgres!.url})` : `embedded PGlite (${dataDir})`} — load ${loadAverage()}`);
  let server: ChildProcess | null = null;
  try {
    server = await startServer({ DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
    const token = (await call(base, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token_info.token as string;
    const seedStarted = Date.now();
    const seeded = await seed(base, token);
    console.log(`   seeded ${seeded.games} games, ${seeded.questions} questions, ${seeded.notifications} notifications in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    await sleep(1_000);
    const rssIdle = rssMb(server.pid!);
    const results: RouteResult[] = [];
    const firstQuestion = (await call(base, '/api/admin/question/list', { trivia_game_id: seeded.bigGameId, page: 1, limit: 1 }, token)).data.list[0].id as number;
    for (const name of routes) {
      const result = await measureRoute(base, token, name, { bigGameId: seeded.bigGameId, questionId: firstQuestion }, server, database);
      results.push(result);
      const flaws = result.ours.non2xx + result.ours.errors + result.ours.timeouts;
      console.log(
        `   ${name.padEnd(13)} ours ${result.ours.req_s} req/s p50 ${result.ours.p50_ms} ms p99 ${result.ours.p99_ms} ms (server CPU ${result.server_cpu_us_per_request} µs/req${result.postgres_cpu_us_per_request === null ? '' : `, postgres ${result.postgres_cpu_us_per_request} µs/req`})${flaws ? ` [${result.ours.non2xx} non-2xx, ${result.ours.errors} errors, ${result.ours.timeouts} timeouts]` : ''}; bare ${result.bare.req_s} req/s p99 ${result.bare.p99_ms} ms; ratio ${result.ratio}; ${result.response_bytes.join('+')} bytes; load ${result.load_average}`,
      );
    }
    return { database, seeded: { games: seeded.games, questions: seeded.questions, notifications: seeded.notifications }, server_rss_mb_idle: round(rssIdle), server_rss_mb_after: round(rssMb(server.pid!)), routes: results };
  } finally {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

// ------------------------------------------------------------------ main

const started = new Date();
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
console.log(
  `bench:api — ${connections} connections, ${duration} s per route (+${warmup} s warm-up), databases ${databases.join(', ')}${acceptEncoding ? `, Accept-Encoding: ${acceptEncoding}` : ''}; ${machine}; load ${loadAverage()}`,
);
console.log('   the server, autocannon (this process) and the bare Fastify server are separate processes sharing this machine\'s cores');
const results: DatabaseResult[] = [];
for (const database of databases) results.push(await runDatabase(database));

console.log('');
console.table(
  results.flatMap((db) =>
    db.routes.map((r) => ({
      database: db.database,
      route: r.route,
      'ours req/s': r.ours.req_s,
      'p50/p99 ms': `${r.ours.p50_ms}/${r.ours.p99_ms}`,
      'server µs/req': r.server_cpu_us_per_request,
      'bare req/s': r.bare.req_s,
      'bare p99 ms': r.bare.p99_ms,
      ratio: r.ratio,
    })),
  ),
);
for (const db of results) console.log(`   ${db.database}: server RSS ${db.server_rss_mb_idle} MB after seeding, ${db.server_rss_mb_after} MB after the runs`);

const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `api-${started.toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify({ started: started.toISOString(), machine, connections, duration_s: duration, warmup_s: warmup, accept_encoding: acceptEncoding || null, load_average_end: loadAverage(), results }, null, 2)}\n`,
);
console.log(`\nwrote ${path.relative(root, file)}`);
