/**
 * `npm run bench:live [-- --players 1000,5000,10000 --workers 2 --questions 3 --kinds 1 --answers-over ws]`: a
 * live game against the real server process (src/server/main.ts; a fresh embedded PGlite per size,
 * or DATABASE_URL) with N simulated players over WebSockets, played by load-generator processes
 * (bench/lib/load-worker.ts over the rehearsal bots) so the client side is not one event loop; then
 * the same fan-out against a bare `ws` broadcast server (bench/lib/bare-server.ts) as the floor.
 * Prints a table and writes JSON to bench/results/live-game-<time>.json.
 *
 * Per size N it measures: players held; server RSS per player; question fan-out (the frame's
 * server_time, when the server starts sending, → each player has it) p50/p95/max over all players
 * and questions, and the same from the operator's click; an answer burst (every player answers at a
 * random moment within 1 s of getting the question, over its WebSocket as the phone does, or over
 * POST /api/play/answer with `--answers-over http`, to compare): acknowledgement round trip p95/p99,
 * the time from the first answer sent to the last acknowledged, answers lost (acknowledged but not
 * stored, or never answered) counted from the server's own export; the ranking publish (click → last
 * player); and the pure ranking of N players (src/domain/ranking.ts). `--kinds 1,3,4,5,6,7` asks the
 * questions in those kinds in turn (the answerable kinds: a content slide takes no answers), answered
 * by the bots as each kind is answered (choices, a typed text or a slider value).
 * A benchmark, not a test: it asserts nothing, it reports. See bench/README.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PLAYER_CAP_DEFAULT } from '../src/domain/game-rules.js';
import { rankPlayers, type RankingAnswer, type RankingPlayer } from '../src/domain/ranking.js';
import type { AnswerTransport } from './lib/bots.js';
import type { WorkerCommand, WorkerReport } from './lib/load-worker.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const ADMIN_PASSWORD = 'Bench-password-2026!';
const BURST_MS = 1_000;
/** How long the server is watched with every player connected and nothing happening. */
const IDLE_MS = 3_000;
/**
 * Keep-alive HTTP connections per load process, opened before the first question (a phone has its own;
 * 10,000 more would exhaust the server's 20,000 descriptors next to the WebSockets). BENCH_HTTP_SOCKETS.
 */
const HTTP_SOCKETS_PER_WORKER = Number(process.env.BENCH_HTTP_SOCKETS ?? 256);

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '1000,5000,10000' },
    workers: { type: 'string', default: '2' },
    questions: { type: 'string', default: '3' },
    // The questions' kinds in turn (question_type): e.g. 1,3,4,5,6,7 for a mixed game.
    kinds: { type: 'string', default: '1' },
    'bare-rounds': { type: 'string', default: '5' },
    port: { type: 'string', default: '18080' },
    'keep-data': { type: 'boolean', default: false },
    // How the players send their answers: over their WebSocket (as the phone does) or over HTTP.
    'answers-over': { type: 'string', default: 'ws' },
    // Server processes on one PostgreSQL (DATABASE_URL), the players spread over them as a load balancer would.
    instances: { type: 'string', default: '1' },
    // tsx: src/server/main.ts through tsx (no build needed); build: build/server/main.js, as production runs (npm run build first).
    server: { type: 'string', default: 'tsx' },
  },
});
const sizes = values.players.split(',').map((s) => Number(s.trim()));
const workerCount = Math.max(1, Number(values.workers));
const questionCount = Math.max(1, Number(values.questions));
const kinds = values.kinds.split(',').map((s) => Number(s.trim()));
if (kinds.some((kind) => ![1, 2, 3, 4, 5, 6, 7].includes(kind))) {
  console.error(`--kinds lists answerable question types (1–7), not ${values.kinds}`);
  process.exit(2);
}

/** The create request's kind-specific fields of a bench question of `kind`. */
function kindFields(kind: number): Record<string, unknown> {
  const options = ['玉山', '雪山', '合歡山', '阿里山'].map((text, k) => ({ title: 'ABCD'[k], text, img: '' }));
  switch (kind) {
    case 2:
      return { options, answer: ['A', 'B'] };
    case 3:
      return { answer: ['A'] };
    case 4:
      return { options };
    case 5:
      return { accepted_answers: ['玉山', 'Yushan'], ignore_punctuation: 1 };
    case 6:
      return { slider: { min: 0, max: 4000, step: 1, answer: 3952, tolerance: 50, unit: 'm' } };
    case 7:
      return { options, answer: ['B', 'D', 'A', 'C'] };
    default:
      return { options, answer: ['A'] };
  }
}
const port = Number(values.port);
if (values['answers-over'] !== 'ws' && values['answers-over'] !== 'http') {
  console.error(`--answers-over is ws or http, not ${values['answers-over']}`);
  process.exit(2);
}
const answersOver: AnswerTransport = values['answers-over'];
const instanceCount = Math.max(1, Number(values.instances));
if (instanceCount > 1 && !process.env.DATABASE_URL) {
  console.error('--instances needs DATABASE_URL: instances share one PostgreSQL database (the embedded one is one process)');
  process.exit(2);
}
/** The game's default player cap (src/domain/game-rules.ts); above it the bench creates its game with a larger one. */
const DEFAULT_PLAYER_CAP = PLAYER_CAP_DEFAULT;

// ------------------------------------------------------------------ helpers

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const max = (values: number[]) => (values.length ? values.reduce((a, b) => Math.max(a, b), -Infinity) : null);
const min = (values: number[]) => (values.length ? values.reduce((a, b) => Math.min(a, b), Infinity) : null);
const round = (value: number | null, digits = 1) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** The open-file limit this process (and the server and workers it starts) has: each holds one descriptor per socket. */
function openFilesLimit(): string {
  const line = fs.readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  return line ? line.replace(/\s+/g, ' ').replace('Max open files ', '').trim() : 'unknown';
}

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

/** CPU time (ms) of every PostgreSQL server process on this machine (backends come and go: a lower bound). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' ');
}

/** A forked process that answers each IPC message with one message. */
class Rpc {
  private waiting: Array<(message: any) => void> = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (message: any) => this.waiting.shift()?.(message));
  }
  call<T = any>(message: unknown): Promise<T> {
    return new Promise((resolve, reject) => {
      this.waiting.push((reply) => (reply?.type === 'error' ? reject(new Error(reply.message)) : resolve(reply as T)));
      this.child.send(message as never);
    });
  }
}

// BENCH_WORKER_ARGS: extra node flags for the load processes and the bare server (e.g. --cpu-prof).
function forkTs(file: string): ChildProcess {
  return fork(path.join(root, file), [], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_WORKER_ARGS ?? '').split(' ').filter(Boolean)], cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

async function post(base: string, apiPath: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${base}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cid: '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { code: 200, text: await response.text() };
  const envelope = (await response.json()) as any;
  if (envelope.code !== 200) throw new Error(`${apiPath}: ${envelope.code} ${envelope.message} ${JSON.stringify(envelope.data)}`);
  return envelope;
}

// ------------------------------------------------------------------ the server under test

async function startServer(dataDir: string, serverPort = port): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = values.server === 'build' ? ['build/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const server = spawn(process.execPath, [...extra, ...entry], {
    cwd: root,
    env: { ...process.env, PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    // The server's errors (pino level 50 and up) as they happen: what broke, when a run fails.
    for (const line of text.split('\n')) if (/"level":(50|60)/.test(line)) console.error(`server :${serverPort}: ${line.slice(0, 600)}`);
  });
  // A busy machine (other work on the same cores) can take a minute or more to start it.
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

// ------------------------------------------------------------------ one size

interface SizeResult {
  players: number;
  players_held: number;
  join_s: number;
  connect_s: number;
  server_rss_mb_idle: number;
  server_rss_mb_joined: number;
  server_rss_mb_loaded: number;
  /** (RSS with every player connected − RSS with them joined but not connected) / players held. */
  server_rss_kb_per_connection: number;
  /** RSS with every player connected / players held: the whole process (embedded database included) per player, an upper bound. */
  server_rss_kb_per_player: number;
  frame_bytes: number;
  fanout_ms: { p50: number | null; p95: number | null; max: number | null };
  fanout_from_click_ms: { p50: number | null; p95: number | null; max: number | null };
  bare_fanout_ms: { p50: number | null; p95: number | null; max: number | null };
  fanout_p95_ratio: number | null;
  burst: {
    answers_sent: number;
    acknowledged: number;
    refused: number;
    refusals: Record<string, number>;
    /** Answers sent over the players' WebSockets, and over HTTP (with ws: only players whose socket was not open). */
    answers_over_ws: number;
    answers_over_http: number;
    ack_p50_ms: number | null;
    ack_p95_ms: number | null;
    ack_p99_ms: number | null;
    first_sent_to_last_ack_ms: number | null;
    stored: number;
    lost: number;
    /** CPU used from the show click to the last acknowledgement (fan-out of the question and the whole burst), ms. */
    cpu_ms: { server: number; database: number | null; load_processes: number };
    /** Server (plus PostgreSQL server) CPU per acknowledged answer, fan-out included, µs: the figure that does not depend on what else the machine runs. */
    server_cpu_us_per_answer: number | null;
  }[];
  ranking_publish_to_last_player_ms: number | null;
  ranking_request_ms: number | null;
  ranking_compute_ms: number;
  /** Server CPU (ms per second) with every player connected and no game step: the cost of holding them. */
  idle_server_cpu_ms_per_s: number;
  client_errors: number;
  load_average: string;
  /** Joins per second over the join phase (every player's POST /api/play/join). */
  joins_per_s: number;
  /** Join, then ticket and WebSocket for every player: the two phases' wall time together. */
  join_and_connect_s: number;
  /** Server CPU (all instances) per player: the join phase; the ticket and WebSocket phase. */
  server_cpu_us_per_join: number;
  server_cpu_us_per_connect: number;
  /** The player cap the game was created with (the default, or the players the size runs). */
  player_cap: number;
  /** `uptime`'s load average when the size started. */
  load_average_at_start: string;
  /** With --instances: per instance, its players, RSS with everyone connected, and click → question frame p50/p95. */
  instances: { port: number; players: number; rss_mb_idle: number; rss_mb_loaded: number; from_click_ms: { p50: number | null; p95: number | null; max: number | null } }[];
  /** With --instances: p50 of click → frame on the other instances minus on the instance the step was sent to. */
  cross_instance_delay_ms: { p50: number | null; p95: number | null } | null;
}

function spread(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

function merge(reports: WorkerReport[]) {
  const all = <K extends keyof WorkerReport>(key: K) => reports.flatMap((r) => r[key] as unknown as number[]);
  const refusals: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.refusals)) refusals[k] = (refusals[k] ?? 0) + v;
  return {
    shown: all('shown'),
    shownAt: all('shownAt'),
    ranking: all('ranking'),
    rankingAt: all('rankingAt'),
    acks: all('acks'),
    sentAt: all('sentAt'),
    settledAt: all('settledAt'),
    acked: reports.reduce((s, r) => s + r.acked, 0),
    refused: reports.reduce((s, r) => s + r.refused, 0),
    refusals,
    overWs: reports.reduce((s, r) => s + r.overWs, 0),
    overHttp: reports.reduce((s, r) => s + r.overHttp, 0),
    errors: reports.reduce((s, r) => s + r.errors, 0),
    lastError: reports.find((r) => r.lastError)?.lastError ?? null,
    connected: reports.reduce((s, r) => s + r.connected, 0),
    frameBytes: Math.max(0, ...reports.map((r) => r.frameBytes)),
  };
}

/** The pure ranking of n players with `answersEach` scored answers each, best of 5 runs (ms). */
function rankingComputeMs(n: number, answersEach: number): number {
  const players: RankingPlayer[] = Array.from({ length: n }, (_, i) => ({ playerId: i + 1, nickname: `P${i + 1}`, joinOrder: i + 1 }));
  const answers: RankingAnswer[] = players.flatMap((p) =>
    Array.from({ length: answersEach }, () => {
      const correct = Math.random() < 0.5;
      return { playerId: p.playerId, level: null, correct, points: correct ? 500 + Math.floor(Math.random() * 500) : 0, elapsedMs: Math.floor(Math.random() * 20_000) };
    }),
  );
  let best = Infinity;
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    rankPlayers(1, players, answers);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

async function runSize(n: number): Promise<SizeResult> {
  const ports = Array.from({ length: instanceCount }, (_, i) => port + i);
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const base = bases[0]!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const loadAtStart = loadAverage();
  console.log(`\n== ${n} players (load ${loadAtStart}) — server data ${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir}${instanceCount > 1 ? `; ${instanceCount} instances on ports ${ports.join(', ')}` : ''}`);
  const servers: ChildProcess[] = [];
  // One after another: the first migrates; the others find it done.
  for (const p of ports) servers.push(await startServer(instanceCount > 1 ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-')) : dataDir, p));
  // Each load process plays against one instance (worker i → instance i mod N), as a load balancer spreads phones.
  const workerTotal = Math.max(workerCount, instanceCount);
  const instanceOf = (workerIndex: number) => workerIndex % instanceCount;
  const workers = Array.from({ length: workerTotal }, () => new Rpc(forkTs('bench/lib/load-worker.ts')));
  const serversRss = () => servers.reduce((sum, sv) => sum + rssMb(sv.pid!), 0);
  const serversCpu = () => servers.reduce((sum, sv) => sum + cpuMs(sv.pid!), 0);
  try {
    const login = async () => (await post(base, '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token_info.token as string;
    let token = await login();
    // The game admits every player the size runs (the operator's setting, as a venue would set it).
    const playerCap = Math.max(DEFAULT_PLAYER_CAP, n);
    const created = await post(base, '/api/admin/triviaGame/create', { title: `Bench ${n} ${new Date().toISOString()}`, type: 1, player_cap: playerCap }, token);
    const gameId = created.data.id as number;
    const pin = (await post(base, '/api/admin/triviaGame/detail', { id: gameId }, token)).data.item.pin as string;
    const questionIds: number[] = [];
    for (let i = 0; i < questionCount; i += 1) {
      const q = await post(
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
          question_type: kinds[i % kinds.length],
          is_bonus: 0,
          ...kindFields(kinds[i % kinds.length]!),
        },
        token,
      );
      questionIds.push(q.data.id as number);
    }
    if (playerCap !== DEFAULT_PLAYER_CAP) console.log(`   player cap ${playerCap}`);
    await sleep(500);
    const rssIdleEach = servers.map((sv) => rssMb(sv.pid!));
    const rssIdle = rssIdleEach.reduce((a, b) => a + b, 0);

    const joinCpuBefore = serversCpu();
    const joinStarted = Date.now();
    const slices = spread(n, workerTotal);
    const ready = await Promise.all(
      workers.map((w, i) =>
        w.call({ cmd: 'join', url: bases[instanceOf(i)]!, pin, prefix: `W${i + 1}-`, count: slices[i]!, concurrency: 48, burstMs: BURST_MS, addressBlock: i + 1, maxSockets: HTTP_SOCKETS_PER_WORKER, answersOver } satisfies WorkerCommand),
      ),
    );
    const joinSeconds = (Date.now() - joinStarted) / 1000;
    const joinCpu = serversCpu() - joinCpuBefore;
    const joinedCount = ready.reduce((s, r) => s + r.joined, 0);
    await sleep(1_000);
    const rssJoined = serversRss();
    const connectCpuBefore = serversCpu();
    const connectStarted = Date.now();
    const connected = await Promise.all(workers.map((w) => w.call({ cmd: 'connect' } satisfies WorkerCommand)));
    const connectSeconds = (Date.now() - connectStarted) / 1000;
    const connectCpu = serversCpu() - connectCpuBefore;
    const held = connected.reduce((s, r) => s + r.connected, 0);
    const lastError = [...ready, ...connected].find((r) => r.lastError)?.lastError;
    console.log(
      `   joined ${joinedCount} in ${joinSeconds.toFixed(1)} s (${Math.round(joinedCount / joinSeconds)} joins/s, server CPU ${Math.round((joinCpu * 1000) / Math.max(1, joinedCount))} µs/join), connected ${held} in ${connectSeconds.toFixed(1)} s (server CPU ${Math.round((connectCpu * 1000) / Math.max(1, held))} µs/player); together ${(joinSeconds + connectSeconds).toFixed(1)} s${lastError ? ` (last error: ${lastError})` : ''}`,
    );
    await Promise.all(workers.map((w) => w.call({ cmd: 'report' })));
    // On a busy machine joining can outlast the operator's access token: sign in again for the steps.
    token = await login();
    await sleep(1_000);
    const rssLoadedEach = servers.map((sv) => rssMb(sv.pid!));
    const rssLoaded = rssLoadedEach.reduce((a, b) => a + b, 0);
    const fromClickEach: number[][] = servers.map(() => []);

    const shown: number[] = [];
    const fromClick: number[] = [];
    const bursts: SizeResult['burst'] = [];
    let rankingToLast: number | null = null;
    let rankingRequestMs: number | null = null;
    let errors = 0;
    let frameBytes = 0;
    const workerPids = workers.map((w) => w.child.pid!);
    const cpuNow = () => ({
      server: serversCpu(),
      database: process.env.DATABASE_URL ? postgresCpuMs() : null,
      load: workerPids.reduce((sum, pid) => sum + cpuMs(pid), 0),
    });
    // Everyone connected, nothing happening: what the held connections cost.
    const idleBefore = cpuNow();
    await sleep(IDLE_MS);
    const idleAfter = cpuNow();
    const idleServerCpu = Math.round(((idleAfter.server - idleBefore.server) * 1000) / IDLE_MS);
    console.log(`   idle with ${held} connected: server CPU ${idleServerCpu} ms/s; RSS ${rssLoadedEach.map((r) => Math.round(r)).join(' + ')} MB (idle before joining ${rssIdleEach.map((r) => Math.round(r)).join(' + ')} MB)`);
    for (const [i, questionId] of questionIds.entries()) {
      const cpuBefore = cpuNow();
      const clicked = Date.now();
      await post(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 2 }, token);
      // Let the burst (1 s) and its acknowledgements finish.
      await sleep(BURST_MS + 3_000);
      const reports = await Promise.all(workers.map((w) => w.call<WorkerReport>({ cmd: 'report' })));
      reports.forEach((r, wi) => fromClickEach[instanceOf(wi)]!.push(...r.shownAt.map((t) => t - clicked)));
      const got = merge(reports);
      const cpuAfter = cpuNow();
      const cpu = {
        server: cpuAfter.server - cpuBefore.server,
        database: cpuAfter.database === null || cpuBefore.database === null ? null : cpuAfter.database - cpuBefore.database,
        load_processes: cpuAfter.load - cpuBefore.load,
      };
      frameBytes = Math.max(frameBytes, got.frameBytes);
      shown.push(...got.shown);
      fromClick.push(...got.shownAt.map((t) => t - clicked));
      errors += got.errors;
      await post(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 3 }, token);
      const csv = (await post(base, '/api/admin/triviaGame/exportResults', { trivia_game_id: gameId, format: 'csv', table: 'answers' }, token)).text as string;
      const stored = csv
        .split('\r\n')
        .slice(1)
        .filter((line) => line.split(',')[1] === `Q${i + 1}`).length;
      const firstSent = min(got.sentAt);
      const lastSettled = max(got.settledAt);
      bursts.push({
        answers_sent: got.acks.length,
        acknowledged: got.acked,
        refused: got.refused,
        refusals: got.refusals,
        answers_over_ws: got.overWs,
        answers_over_http: got.overHttp,
        ack_p50_ms: round(percentile(got.acks, 50)),
        ack_p95_ms: round(percentile(got.acks, 95)),
        ack_p99_ms: round(percentile(got.acks, 99)),
        first_sent_to_last_ack_ms: firstSent === null || lastSettled === null ? null : Math.round(lastSettled - firstSent),
        stored,
        // Acknowledged but not stored, or a player who never got an answer in.
        lost: Math.max(0, got.acked - stored) + Math.max(0, held - got.acks.length),
        cpu_ms: cpu,
        server_cpu_us_per_answer: got.acked ? Math.round(((cpu.server + (cpu.database ?? 0)) * 1000) / got.acked) : null,
      });
      console.log(
        `   Q${i + 1}: fan-out p95 ${percentile(got.shown, 95)} ms max ${max(got.shown)} ms; burst ${got.acks.length} sent (${transportText(got.overWs, got.overHttp)}), ${got.acked} acked, ack p99 ${round(percentile(got.acks, 99))} ms, first→last ${bursts.at(-1)!.first_sent_to_last_ack_ms} ms, stored ${stored}; CPU server ${cpu.server} ms${cpu.database === null ? '' : `, PostgreSQL ${cpu.database} ms`}, load processes ${cpu.load_processes} ms`,
      );

      if (i === questionIds.length - 1) {
        const rankClicked = Date.now();
        await post(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 4 }, token);
        rankingRequestMs = Date.now() - rankClicked;
        await sleep(2_000);
        const ranked = merge(await Promise.all(workers.map((w) => w.call<WorkerReport>({ cmd: 'report' }))));
        rankingToLast = ranked.rankingAt.length ? max(ranked.rankingAt)! - rankClicked : null;
        console.log(`   ranking: request ${rankingRequestMs} ms, click → last of ${ranked.rankingAt.length} players ${rankingToLast} ms`);
      }
    }
    await post(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: null, type: 5 }, token);
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' })));
    for (const sv of servers) await stopServer(sv);

    // The floor: the same number of clients on a bare ws broadcast server, same frame size.
    const bare = await bareFanout(n, frameBytes, Math.max(1, Number(values['bare-rounds'])));
    const stat = (values: number[]) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(max(values)) });
    const result: SizeResult = {
      players: n,
      players_held: held,
      join_s: round(joinSeconds)!,
      connect_s: round(connectSeconds)!,
      server_rss_mb_idle: round(rssIdle)!,
      server_rss_mb_joined: round(rssJoined)!,
      server_rss_mb_loaded: round(rssLoaded)!,
      server_rss_kb_per_connection: round(((rssLoaded - rssJoined) * 1024) / Math.max(1, held))!,
      server_rss_kb_per_player: round((rssLoaded * 1024) / Math.max(1, held))!,
      frame_bytes: frameBytes,
      fanout_ms: stat(shown),
      fanout_from_click_ms: stat(fromClick),
      bare_fanout_ms: stat(bare),
      fanout_p95_ratio: null,
      burst: bursts,
      ranking_publish_to_last_player_ms: rankingToLast,
      ranking_request_ms: rankingRequestMs,
      ranking_compute_ms: round(rankingComputeMs(n, questionCount), 2)!,
      idle_server_cpu_ms_per_s: idleServerCpu,
      client_errors: errors,
      load_average: loadAverage(),
      joins_per_s: Math.round(joinedCount / joinSeconds),
      join_and_connect_s: round(joinSeconds + connectSeconds)!,
      server_cpu_us_per_join: Math.round((joinCpu * 1000) / Math.max(1, joinedCount)),
      server_cpu_us_per_connect: Math.round((connectCpu * 1000) / Math.max(1, held)),
      player_cap: playerCap,
      load_average_at_start: loadAtStart,
      instances: servers.map((_, k) => ({
        port: ports[k]!,
        players: slices.reduce((sum, count, wi) => sum + (instanceOf(wi) === k ? count : 0), 0),
        rss_mb_idle: round(rssIdleEach[k]!)!,
        rss_mb_loaded: round(rssLoadedEach[k]!)!,
        from_click_ms: stat(fromClickEach[k]!),
      })),
      cross_instance_delay_ms: null,
    };
    if (instanceCount > 1) {
      const here = fromClickEach[0]!;
      const elsewhere = fromClickEach.slice(1).flat();
      const diff = (p: number) => {
        const a = percentile(elsewhere, p);
        const b = percentile(here, p);
        return a === null || b === null ? null : round(a - b);
      };
      result.cross_instance_delay_ms = { p50: diff(50), p95: diff(95) };
      for (const inst of result.instances) console.log(`   instance :${inst.port}: ${inst.players} players, RSS ${inst.rss_mb_loaded} MB, click → question p50/p95 ${inst.from_click_ms.p50}/${inst.from_click_ms.p95} ms`);
      console.log(`   cross-instance delay of a question frame (others − the operator's instance): p50 ${result.cross_instance_delay_ms.p50} ms, p95 ${result.cross_instance_delay_ms.p95} ms`);
    }
    const realP95 = result.fanout_ms.p95;
    const bareP95 = result.bare_fanout_ms.p95;
    result.fanout_p95_ratio = realP95 !== null && bareP95 ? round(realP95 / bareP95, 2) : null;
    return result;
  } finally {
    for (const w of workers) w.child.kill();
    for (const sv of servers) await stopServer(sv);
    if (!values['keep-data']) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bareFanout(n: number, bytes: number, rounds: number): Promise<number[]> {
  const server = new Rpc(forkTs('bench/lib/bare-server.ts'));
  const { port: barePort } = await new Promise<{ port: number }>((resolve) => server.child.once('message', resolve as never));
  const workers = Array.from({ length: workerCount }, () => new Rpc(forkTs('bench/lib/load-worker.ts')));
  try {
    const slices = spread(n, workerCount);
    await Promise.all(workers.map((w, i) => w.call({ cmd: 'bare', url: `ws://127.0.0.1:${barePort}`, count: slices[i]!, concurrency: 48 } satisfies WorkerCommand)));
    await sleep(1_000);
    const latencies: number[] = [];
    for (let seq = 1; seq <= rounds; seq += 1) {
      await server.call({ type: 'broadcast', seq, bytes });
      await sleep(2_000);
      const got = merge(await Promise.all(workers.map((w) => w.call<WorkerReport>({ cmd: 'report' }))));
      latencies.push(...got.shown);
      console.log(`   bare ws: broadcast ${seq} reached ${got.shown.length}, p95 ${percentile(got.shown, 95)} ms max ${max(got.shown)} ms`);
    }
    await Promise.all(workers.map((w) => w.call({ cmd: 'close' })));
    return latencies;
  } finally {
    for (const w of workers) w.child.kill();
    server.child.kill();
  }
}

/** `ws`, `http`, or with some of each the counts (`ws 1998, http 2`). */
function transportText(overWs: number, overHttp: number): string {
  if (overHttp === 0 && overWs > 0) return 'ws';
  if (overWs === 0 && overHttp > 0) return 'http';
  return `ws ${overWs}, http ${overHttp}`;
}

// ------------------------------------------------------------------ main

const started = new Date();
console.log(
  `bench:live — sizes ${sizes.join(', ')}; ${workerCount} load processes; ${instanceCount} server instance${instanceCount > 1 ? 's' : ''}; ${questionCount} questions of kinds ${kinds.join(',')}; answers over ${answersOver === 'ws' ? 'ws (the players\' WebSockets)' : 'http (POST /api/play/answer)'}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}); load ${loadAverage()}; open files ${openFilesLimit()}`,
);
// Each process holds a descriptor per socket: the server N WebSockets plus the pooled HTTP connections,
// each load process its share. Node cannot raise its own limit; the shell's `ulimit -n` is inherited.
const softLimit = Number(/^(\d+)/.exec(openFilesLimit())?.[1] ?? Infinity);
for (const n of sizes) {
  const need = Math.ceil(n / instanceCount) + Math.max(workerCount, instanceCount) * HTTP_SOCKETS_PER_WORKER + 256;
  if (need > softLimit) {
    // Run anyway, to see what breaks first (`ulimit -n` raises it, where the operator may).
    console.warn(`warning: ${n} players need about ${need} open files in each server process; the limit is ${softLimit}`);
  }
}
const results: SizeResult[] = [];
for (const n of sizes) results.push(await runSize(n));

const table = results.map((r) => ({
  players: r.players,
  held: r.players_held,
  'joins/s': r.joins_per_s,
  'join+connect s': r.join_and_connect_s,
  'server µs/join (conn.)': `${r.server_cpu_us_per_join} (${r.server_cpu_us_per_connect})`,
  'answers over': transportText(
    r.burst.reduce((s, b) => s + b.answers_over_ws, 0),
    r.burst.reduce((s, b) => s + b.answers_over_http, 0),
  ),
  'RSS MB idle/loaded': `${r.server_rss_mb_idle}/${r.server_rss_mb_loaded}`,
  'RSS KB/player (conn.)': `${r.server_rss_kb_per_player} (${r.server_rss_kb_per_connection})`,
  'fan-out p50/p95/max ms': `${r.fanout_ms.p50}/${r.fanout_ms.p95}/${r.fanout_ms.max}`,
  'bare p50/p95/max ms': `${r.bare_fanout_ms.p50}/${r.bare_fanout_ms.p95}/${r.bare_fanout_ms.max}`,
  'p95 ratio': r.fanout_p95_ratio,
  'ack p95/p99 ms': `${Math.max(...r.burst.map((b) => b.ack_p95_ms ?? 0))}/${Math.max(...r.burst.map((b) => b.ack_p99_ms ?? 0))}`,
  'burst first→last ack ms': Math.max(...r.burst.map((b) => b.first_sent_to_last_ack_ms ?? 0)),
  'server CPU µs/answer': Math.min(...r.burst.map((b) => b.server_cpu_us_per_answer ?? Infinity)),
  lost: r.burst.reduce((s, b) => s + b.lost, 0),
  'ranking → last ms': r.ranking_publish_to_last_player_ms,
  'ranking request ms': r.ranking_request_ms,
  'rank compute ms': r.ranking_compute_ms,
}));
console.log('');
console.table(table);

const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `live-game-${started.toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      started: started.toISOString(),
      finished: new Date().toISOString(),
      machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 1e9), node: process.version, load_average_at_end: loadAverage() },
      database: process.env.DATABASE_URL ? 'postgres (DATABASE_URL)' : 'pglite',
      workers: workerCount,
      instances: instanceCount,
      questions: questionCount,
      kinds,
      burst_window_ms: BURST_MS,
      answers_over: answersOver,
      results,
      table,
    },
    null,
    2,
  ),
);
console.log(`\nwritten to ${path.relative(root, file)}`);
process.exit(0);
