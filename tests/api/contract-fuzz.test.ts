/**
 * Schema fuzzing from the contracts: every operation of openapi/admin-api.yaml and
 * openapi/play-api.yaml — the list read from the contracts, so a new operation is fuzzed without
 * anyone adding it here — gets FUZZ_CASES requests (200 by default; FUZZ_CASES=5000 locally for
 * thousands) generated from its request schema with hostile values in them, and whole-request
 * attacks (tests/support/schema-fuzz.ts): control characters, unpaired surrogates, strings up to past
 * the body limit, 1e400 and -0, nesting 100,000 deep, prototype keys, broken JSON, other content
 * types, broken multipart forms, odd Lang, Cid and Authorization headers.
 *
 * Admin operations are sent as the super admin (a session the test logs in again when a case ends
 * it: a logout, a password change), player operations with a joined player's token, display
 * operations with a paired display's, each case from an address of its own (the per-address
 * throttles would otherwise answer most cases 429). One app per contract, a few requests in flight.
 *
 * Every answer must be below 500, within the time limit, and a JSON envelope {code, message, data}
 * — or, for an operation whose contract answers a file, a 200 with the file; afterwards a login and
 * a list still work. The counts (operations, cases, HTTP statuses, envelope codes) are printed. Each
 * run draws a new seed, so runs explore new cases; the seed is printed and FUZZ_SEED replays a run.
 * FUZZ_VERBOSE=1 prints each operation as it finishes, with its codes.
 *
 * The multipart operations (those whose request body is multipart/form-data) run once more over real
 * connections to a listening server (tests/support/multipart-fuzz.ts, raw-http.ts): files at sizes
 * around each operation's limit, a large file still on its way, the form's parts in every order,
 * several files, forms cut short. Besides the rules above, a file over its limit is a 422, and after
 * every answer the connection is either closed (Connection: close, and the socket ends promptly) or
 * serves the next request promptly — never left waiting; nothing is stored but what was accepted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, fileUploads, files } from '@/server/db/schema';
import { IMPORT_MAX_BYTES } from '@/server/features/admin/import';
import { QUESTION_IMPORT_MAX_BYTES } from '@/server/features/trivia/bulk/import';
import { IMAGE_MAX_BYTES } from '@/server/features/file/images';
import { hashPassword } from '@/server/lib/password';
import { contractRoutes, type ContractName } from '@/server/contract/routes';
import { ADMIN_API_PREFIX, listOperations, loadAdminSpec, loadPlaySpec, PLAY_API_PREFIX } from '@/server/contract/spec';
import { call, login } from '../support/api';
import { createTestApp, TEST_ADMIN_PASSWORD } from '../support/app';
import { multipartCases } from '../support/multipart-fuzz';
import { connectionAfter, listening, RawConnection, requestHead, type RawAnswer } from '../support/raw-http';
import { requestsFor, type Fuzzed, type FuzzRequest, type OperationShape, type Schema } from '../support/schema-fuzz';
import { bench, play } from './live-support';

const CASES = Number(process.env.FUZZ_CASES ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Requests in flight at once on one app. */
const CONCURRENCY = 6;
/** An answer slower than this is a hang. */
const TIMEOUT_MS = 20_000;
/** How often a generated value is swapped for a hostile one (against 6 for a value of the schema). */
const HOSTILITY = 2;
/** Vitest's limit for one contract's run: far above what it takes, so only a hang hits it. */
const RUN_TIMEOUT_MS = 120_000 + CASES * 2_000;

interface Target extends OperationShape {
  url: string;
  permission: string;
  /** The contract's 200 answer is a file (a download, an export), not the JSON envelope. */
  answersFile: boolean;
}

async function targetsOf(name: ContractName): Promise<Target[]> {
  const spec = name === 'admin-api' ? loadAdminSpec() : loadPlaySpec();
  const prefix = name === 'admin-api' ? ADMIN_API_PREFIX : PLAY_API_PREFIX;
  const operations = new Map(listOperations(spec).map((operation) => [operation.operationId, operation]));
  const paths = spec.paths as Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
  const fileAnswers = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const content = operation?.responses?.['200']?.content ?? {};
      if (operation?.operationId && Object.keys(content).some((type) => type !== 'application/json')) fileAnswers.add(operation.operationId);
    }
  }
  const routes = await contractRoutes(name);
  const targets = routes.map((route) => {
    const content = ((route.schema.body as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {}) as Record<string, { schema: Schema }>;
    return {
      operationId: route.operationId,
      url: prefix + route.url,
      permission: operations.get(route.operationId)?.permission ?? 'login',
      bodies: Object.fromEntries(Object.entries(content).map(([type, { schema }]) => [type, schema])),
      answersFile: fileAnswers.has(route.operationId),
    };
  });
  // The exports first: every audited case adds to the audit trail, which an audit export reads whole
  // (up to its 50,000 entries), and 200 exports of a trail the other cases had grown took 20 s.
  return [...targets.filter((target) => target.answersFile), ...targets.filter((target) => !target.answersFile)];
}

/** What one contract's run saw. */
interface Tally {
  operations: number;
  cases: number;
  statuses: Map<number, number>;
  /** The envelopes' codes (a file answered: its HTTP status). */
  codes: Map<number, number>;
  /** Per operation: cases, answers a handler gave (body code 200 or 201), and the codes. */
  perOperation: Map<string, { cases: number; handled: number; codes: Map<number, number>; ms: number }>;
  failures: string[];
  slowest: { ms: number; what: string };
}

const newTally = (): Tally => ({ operations: 0, cases: 0, statuses: new Map(), codes: new Map(), perOperation: new Map(), failures: [], slowest: { ms: 0, what: '' } });

const clip = (text: string, length = 300) => (text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text);
const describeRequest = (target: Target, request: FuzzRequest) =>
  `${target.operationId} [${request.kind}] headers ${clip(JSON.stringify(request.headers), 200)} body ${clip(typeof request.payload === 'string' ? JSON.stringify(request.payload) : `<${request.payload.length} bytes> ${JSON.stringify(request.payload.subarray(0, 120).toString('latin1'))}`)}`;

/** An address per case, so that the per-address throttles (login, join, display codes) rarely answer. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** The envelope's code of a JSON answer, or undefined. */
function envelopeCode(res: LightMyRequestResponse): number | undefined {
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    const code = (JSON.parse(res.body) as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Why an answer breaks the rules, or null. */
function problemOf(target: Target, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${clip(res.body)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    if (target.answersFile && res.statusCode === 200) return null;
    return `not a JSON envelope (HTTP ${res.statusCode}, ${type || 'no content type'}): ${clip(res.body)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `JSON content type but not JSON (HTTP ${res.statusCode}): ${clip(res.body)}`;
  }
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown };
  if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number' || typeof envelope.message !== 'string' || !envelope.message || !('data' in envelope)) {
    return `not an envelope (HTTP ${res.statusCode}): ${clip(res.body)}`;
  }
  if (envelope.code === 422 && typeof (envelope.data as { errors?: unknown } | null)?.errors !== 'object') return `a 422 without data.errors: ${clip(res.body)}`;
  return null;
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms: ${what}`)), TIMEOUT_MS)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A guard outside this process for what the per-request timeout cannot see: a request that keeps the
 * event loop busy (a rule quadratic in its input: a 1 MB directory name once held it for minutes)
 * stops every timer here too, so the test would wait forever. A child process hears a beat before
 * each case; after BLOCKED_MS without one it names the last case and ends this test process, which
 * fails the run instead of hanging it.
 */
const BLOCKED_MS = 60_000;
const WATCHDOG = `
const [pid, limit] = process.argv.slice(1).map(Number);
let last = 'the start of the run';
let at = Date.now();
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { const lines = chunk.split('\\n').filter(Boolean); last = lines[lines.length - 1] ?? last; at = Date.now(); });
process.stdin.on('end', () => process.exit(0));
setInterval(() => {
  if (Date.now() - at < limit) return;
  process.stderr.write('contract fuzz: the server kept its event loop busy for ' + limit / 1000 + ' s during ' + last + '; ending the test process\\n');
  try { process.kill(pid, 'SIGKILL'); } finally { process.exit(1); }
}, 1000);
`;

function startWatchdog(): { beat: (what: string) => void; stop: () => void } {
  const child = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(BLOCKED_MS)], { stdio: ['pipe', 'ignore', 'inherit'] });
  child.unref();
  return {
    beat: (what) => child.stdin.write(`${what.replaceAll('\n', ' ')}\n`),
    stop: () => {
      child.stdin.end();
      child.kill();
    },
  };
}

/** Runs `task` over `count` items, `CONCURRENCY` at a time. */
async function pool(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, worker));
}

/** The cases of one operation, made in slices so that thousands are never all in memory. */
function* casesOf(target: Target, seed: number, known: Record<string, Fuzzed[]>): Generator<FuzzRequest> {
  const arbitrary = requestsFor(target, { hostility: HOSTILITY, known });
  const slice = 50;
  for (let made = 0; made < CASES; made += slice) {
    yield* fc.sample(arbitrary, { numRuns: Math.min(slice, CASES - made), seed: seed + made });
  }
}

interface FuzzRun {
  app: FastifyInstance;
  targets: Target[];
  tally: Tally;
  /** The authorization header an operation's cases carry (the right kind of token), or none. */
  authorization: (target: Target) => Promise<string | undefined>;
  /** After a case: whether the session it used was ended (then the case is sent once more with a new one). */
  sessionEnded?: (target: Target, res: LightMyRequestResponse, sent: string | undefined) => Promise<boolean>;
  /** Values that exist on the server, by field name (a game's PIN, a question's id). */
  known?: Record<string, Fuzzed[]>;
  /** After each operation: the server still answers (throws otherwise). */
  alive: () => Promise<void>;
}

async function fuzz(run: FuzzRun): Promise<void> {
  const watchdog = startWatchdog();
  try {
    await fuzzTargets(run, watchdog.beat);
  } finally {
    watchdog.stop();
  }
}

async function fuzzTargets(run: FuzzRun, beat: (what: string) => void): Promise<void> {
  const { app, targets, tally } = run;
  for (const [index, target] of targets.entries()) {
    tally.operations += 1;
    const counts = { cases: 0, handled: 0, codes: new Map<number, number>(), ms: 0 };
    const operationStarted = performance.now();
    tally.perOperation.set(target.operationId, counts);
    const cases = casesOf(target, SEED + index * 1_000_003, run.known ?? {});
    await pool(CASES, async () => {
      const { value: request, done } = cases.next();
      if (done) return;
      beat(describeRequest(target, request));
      const send = async () => {
        const authorization = await run.authorization(target);
        const headers: Record<string, string> = { lang: Math.random() < 0.5 ? 'en' : 'zh-TW', ...(authorization ? { authorization } : {}), ...request.headers };
        const started = performance.now();
        const res = await withTimeout(
          app.inject({ method: 'POST', url: target.url, payload: request.payload, headers, remoteAddress: nextAddress() }),
          describeRequest(target, request),
        );
        const ms = performance.now() - started;
        if (ms > tally.slowest.ms) tally.slowest = { ms, what: `${target.operationId} [${request.kind}] HTTP ${res.statusCode}` };
        return { res, sent: headers.authorization };
      };
      let res: LightMyRequestResponse;
      try {
        let sent: string | undefined;
        ({ res, sent } = await send());
        if (run.sessionEnded && (await run.sessionEnded(target, res, sent))) ({ res } = await send());
      } catch (error) {
        // A hang: reported with the others, the run goes on.
        tally.cases += 1;
        counts.cases += 1;
        tally.failures.push(`${describeRequest(target, request)}\n    → ${(error as Error).message.split(':')[0]}`);
        return;
      }
      tally.cases += 1;
      counts.cases += 1;
      tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
      const code = envelopeCode(res) ?? res.statusCode;
      counts.codes.set(code, (counts.codes.get(code) ?? 0) + 1);
      tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
      if (code === 200 || code === 201) counts.handled += 1;
      const problem = problemOf(target, res);
      if (problem) tally.failures.push(`${describeRequest(target, request)}\n    → ${problem}`);
    });
    counts.ms = performance.now() - operationStarted;
    if (process.env.FUZZ_VERBOSE) console.log(`  ${target.operationId}: ${counts.cases} cases in ${(counts.ms / 1000).toFixed(1)} s`);
    await run.alive();
  }
}

function report(name: string, tally: Tally, ms: number): void {
  const histogram = (counts: Map<number, number>) =>
    [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  const unhandled = [...tally.perOperation.entries()].filter(([, counts]) => counts.handled === 0).map(([operation]) => operation);
  console.log(
    [
      `contract fuzz ${name} (seed ${SEED}): ${tally.operations} operations, ${tally.cases} cases in ${(ms / 1000).toFixed(1)} s`,
      `  HTTP statuses: ${histogram(tally.statuses)}`,
      `  envelope codes: ${histogram(tally.codes)}`,
      `  slowest answer: ${tally.slowest.ms.toFixed(0)} ms (${tally.slowest.what})`,
      // Reached, but every generated body broke a rule (a 422 of a domain rule, a 404 of a lookup).
      `  operations that never answered 200 or 201: ${unhandled.length ? unhandled.join(', ') : 'none'}`,
      `  failures: ${tally.failures.length}`,
      ...(process.env.FUZZ_VERBOSE ? [...tally.perOperation.entries()].map(([operation, counts]) => `    ${operation}: ${counts.cases} cases in ${(counts.ms / 1000).toFixed(1)} s, codes ${histogram(counts.codes)}`) : []),
    ].join('\n'),
  );
}

function expectNoFailures(tally: Tally): void {
  const replay = `FUZZ_SEED=${SEED} FUZZ_CASES=${CASES} npx vitest run tests/api/contract-fuzz.test.ts`;
  expect(tally.failures.length, `${tally.failures.length} answers broke the rules (replay: ${replay}); the first 15:\n${tally.failures.slice(0, 15).join('\n')}`).toBe(0);
}

describe('schema fuzzing of every operation of both contracts', () => {
  describe('the admin API', () => {
    let app: FastifyInstance;
    let token: string;
    /** Logging in again, once, when a case ended the session (a logout, its own password or name changed). */
    let renewing: Promise<void> | null = null;
    const renew = (): Promise<void> =>
      (renewing ??= (async () => {
        try {
          token = await login(app);
        } catch {
          // A case renamed the super admin or changed its password (allowed to itself): set it back.
          await app.db
            .update(admins)
            .set({ username: 'admin', passwordHash: await hashPassword(TEST_ADMIN_PASSWORD), status: 1 })
            .where(eq(admins.id, 1));
          token = await login(app);
        }
      })().finally(() => (renewing = null)));

    beforeAll(async () => {
      app = await createTestApp();
      token = await login(app);
    });
    afterAll(() => app?.close());

    it(`answers ${CASES} generated requests per operation below 500, each a JSON envelope, and still works afterwards`, async () => {
      const targets = await targetsOf('admin-api');
      expect(targets.length).toBeGreaterThan(60);
      const tally = newTally();
      const started = performance.now();
      await fuzz({
        app,
        targets,
        tally,
        authorization: async (target) => {
          if (target.permission === 'public' && Math.random() < 0.5) return undefined;
          await renewing;
          return `Bearer ${token}`;
        },
        sessionEnded: async (_target, res, sent) => {
          if (sent !== `Bearer ${token}`) return false;
          const code = envelopeCode(res);
          if (code !== 202 && code !== 401 && code !== 430) return false;
          await renew();
          return true;
        },
        alive: async () => {
          await renewing;
          let listed = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token });
          if (listed.body.code !== 200) {
            await renew();
            listed = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token });
          }
          expect(listed.body.code, JSON.stringify(listed.body)).toBe(200);
        },
      });
      report('admin API', tally, performance.now() - started);
      expectNoFailures(tally);

      // Alive afterwards: a new login and a list.
      const fresh = await login(app);
      expect((await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token: fresh })).body.code).toBe(200);
    }, RUN_TIMEOUT_MS);
  });

  describe('the player and display API', () => {
    let app: FastifyInstance;
    let adminToken: string;
    let playerToken: string;
    let displayToken: string;
    let pin: string;
    let known: Record<string, Fuzzed[]>;

    beforeAll(async () => {
      app = await createTestApp();
      adminToken = await login(app);
      const b = bench(app, () => adminToken);
      const game = await b.createGame({ title: 'Fuzzed game', type: 1, status: 1 });
      pin = game.pin;
      const questionId = await b.addQuestion(game.id, { answering_time: 3600 });
      playerToken = (await b.joinPlayer(pin, 'Fuzzer')).token;
      expect((await b.flow(game.id, questionId, 2)).body.code).toBe(200);
      const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: game.id })).body.data.code as string;
      displayToken = (await play(app, '/display/exchange', { code })).body.data.display_token as string;
      const pairing = (await play(app, '/display/pair', {})).body.data as { pairing_token: string };
      // Now and then a case names what exists, so that it gets past the lookups to the rules behind them.
      known = { pin: [pin], question_id: [questionId], choices: [['A'], ['B'], ['A', 'B']], pairing_token: [pairing.pairing_token] };
    });
    afterAll(() => app?.close());

    it(`answers ${CASES} generated requests per operation below 500, each a JSON envelope, and still works afterwards`, async () => {
      const targets = await targetsOf('play-api');
      expect(targets.length).toBeGreaterThan(5);
      const tally = newTally();
      const started = performance.now();
      const tokens: Record<string, () => string> = { player: () => playerToken, display: () => displayToken };
      await fuzz({
        app,
        targets,
        tally,
        known,
        authorization: async (target) => {
          const token = tokens[target.permission]?.();
          return token && Math.random() < 0.95 ? `Bearer ${token}` : undefined;
        },
        alive: async () => {
          expect((await play(app, '/state', {}, { token: playerToken })).body.code).toBe(200);
        },
      });
      report('player and display API', tally, performance.now() - started);
      expectNoFailures(tally);

      // Alive afterwards: a new player joins and reads the state; the display reads its own.
      const joined = await play(app, '/join', { pin, nickname: 'After the fuzz' });
      expect(joined.body.code, JSON.stringify(joined.body)).toBe(200);
      expect((await play(app, '/state', {}, { token: joined.body.data.player_token })).body.code).toBe(200);
      expect((await play(app, '/display/state', {}, { token: displayToken })).body.code).toBe(200);
    }, RUN_TIMEOUT_MS);
  });

  describe('the multipart operations over real connections', () => {
    /** Each multipart operation's file limit: a new one fails the run until its limit is named here. */
    const LIMITS: Record<string, (app: FastifyInstance) => number> = {
      fileUploadFile: (app) => app.config.uploadLimit,
      fileUploadUnPermission: (app) => app.config.uploadLimit,
      fileUploadImage: () => IMAGE_MAX_BYTES,
      adminImport: () => IMPORT_MAX_BYTES,
      questionImport: () => QUESTION_IMPORT_MAX_BYTES,
    };
    /** Cases per multipart operation (each a connection of its own; some of them 5 MB). */
    const MULTIPART_CASES = Math.max(24, Math.round(CASES / 5));
    let app: FastifyInstance;
    let token: string;
    let port: number;

    beforeAll(async () => {
      app = await createTestApp({ uploadLimit: 128 * 1024 });
      token = await login(app);
      ({ port } = await listening(app));
    });
    afterAll(() => app?.close());

    /** Why a raw answer breaks the rules, or null (as problemOf, for a connection's answer). */
    function rawProblem(answer: RawAnswer): string | null {
      if (answer.status >= 500) return `HTTP ${answer.status}: ${clip(answer.body)}`;
      if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return `not a JSON envelope (HTTP ${answer.status}): ${clip(answer.body)}`;
      let envelope: { code?: unknown; message?: unknown; data?: { errors?: unknown } | null };
      try {
        envelope = JSON.parse(answer.body) as typeof envelope;
      } catch {
        return `not JSON (HTTP ${answer.status}): ${clip(answer.body)}`;
      }
      if (typeof envelope.code !== 'number' || typeof envelope.message !== 'string' || !envelope.message) return `not an envelope: ${clip(answer.body)}`;
      if (envelope.code === 422 && typeof envelope.data?.errors !== 'object') return `a 422 without data.errors: ${clip(answer.body)}`;
      return null;
    }

    /** Files on disk under the app's store: company blobs, images, and temporary files a put left. */
    function onDisk(): { blobs: number; images: number; partial: string[] } {
      const root = path.join(app.config.dataDir, 'files');
      const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []);
      const all = list(root);
      return {
        blobs: list(path.join(root, 'companies')).length,
        images: list(path.join(root, 'images')).length,
        partial: all.filter((entry) => entry.name.endsWith('.part')).map((entry) => entry.name),
      };
    }

    it('answers sizes around each limit, fields in every order, several files and forms cut short below 500, with the connection closed or reused promptly, storing only what it accepted', async () => {
      const targets = (await targetsOf('admin-api')).filter((target) => target.bodies['multipart/form-data']);
      expect(targets.map((target) => target.operationId).sort()).toEqual(Object.keys(LIMITS).sort());
      const failures: string[] = [];
      const counts = new Map<string, number>();
      // The seed's own images are there before any case.
      let imagesStored = onDisk().images;
      let closed = 0;
      let reused = 0;
      // The slowest answers, for the summary: what nears TIMEOUT_MS shows before it fails a run.
      const slowest: Array<{ ms: number; what: string }> = [];
      const started = performance.now();
      for (const [index, target] of targets.entries()) {
        const limit = LIMITS[target.operationId]!(app);
        const cases = multipartCases({ operationId: target.operationId, limit, schema: target.bodies['multipart/form-data']! }, MULTIPART_CASES, SEED + index * 7919);
        for (const c of cases) {
          const what = `${target.operationId} [${c.kind}] ${clip(c.what, 300)}`;
          const fail = (problem: string) => failures.push(`${what}\n    → ${problem}`);
          const connection = await RawConnection.open(port);
          const sentAt = performance.now();
          try {
            await connection.write(requestHead(target.url, { 'content-type': c.contentType, 'content-length': c.length, authorization: `Bearer ${token}`, lang: Math.random() < 0.5 ? 'en' : 'zh-TW' }));
            void connection.write(c.body.subarray(0, c.sent));
            const answer = await connection.answer(TIMEOUT_MS);
            slowest.push({ ms: performance.now() - sentAt, what: `${target.operationId} [${c.kind}] ${c.length} bytes` });
            slowest.sort((a, b) => b.ms - a.ms).splice(3);
            if (!answer) {
              fail(`no answer within ${TIMEOUT_MS} ms`);
              continue;
            }
            const code = (JSON.parse(answer.body || 'null') as { code?: number } | null)?.code ?? answer.status;
            counts.set(`${c.kind} ${code}`, (counts.get(`${c.kind} ${code}`) ?? 0) + 1);
            const problem = rawProblem(answer);
            if (problem) fail(problem);
            if (c.fileSize !== null && c.fileSize > limit && code !== 422) fail(`a file over the limit (${c.fileSize} > ${limit} bytes) answered ${code}`);
            if (c.kind === 'still arriving' && !/\bclose\b/i.test(answer.headers.connection ?? '')) fail('answered before the body arrived without Connection: close');
            if (target.operationId === 'fileUploadImage' && code === 200) imagesStored += 1;
            const next = requestHead(`${ADMIN_API_PREFIX}/file/list`, { 'content-type': 'application/json', 'content-length': 2, authorization: `Bearer ${token}` }) + '{}';
            const after = await connectionAfter(connection, answer, next);
            if (after.problem) fail(after.problem);
            if (after.closed) closed += 1;
            else reused += 1;
          } finally {
            connection.destroy();
          }
          // Nothing stored but what was accepted: every company blob has its row, no temporary file is
          // left, the upload slot is free, and only accepted images are on disk.
          const disk = onDisk();
          const rows = (await app.db.select({ key: files.storageKey }).from(files)).filter((row) => row.key).length;
          if (disk.blobs !== rows) fail(`${disk.blobs} company blobs on disk for ${rows} files in the tree`);
          if (disk.partial.length) fail(`temporary files left: ${disk.partial.join(', ')}`);
          if (disk.images !== imagesStored) fail(`${disk.images} images on disk, ${imagesStored} accepted or seeded`);
          if ((await app.db.select().from(fileUploads)).length) fail('the upload slot is still taken after the answer');
        }
      }
      console.log(
        [
          `contract fuzz multipart (seed ${SEED}): ${targets.length} operations, ${targets.length * MULTIPART_CASES} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`,
          `  connections after the answer: ${closed} closed, ${reused} reused`,
          `  slowest answers: ${slowest.map((one) => `${Math.round(one.ms)} ms ${one.what}`).join('; ')}`,
          `  kind and code: ${[...counts.entries()].sort().map(([key, count]) => `${key}: ${count}`).join(', ')}`,
          `  failures: ${failures.length}`,
        ].join('\n'),
      );
      expect(failures.length, `${failures.length} cases broke the rules (replay: FUZZ_SEED=${SEED}); the first 15:\n${failures.slice(0, 15).join('\n')}`).toBe(0);
    }, RUN_TIMEOUT_MS);
  });
});
