/**
 * Crash durability (issue 19): the real server process, on the database of the test pass (PGlite on
 * a data folder, or a PostgreSQL database of its own when DATABASE_URL is set), runs a live question
 * while simulated players answer over their WebSockets, as the phone does. In the middle of a burst
 * of answers the process is killed with SIGKILL — no shutdown, no flush — and started again on the
 * same data, several times. Compared after each restart and at the end, with the rows stored:
 * - every answer the server acknowledged (a 200 reply, sent only after its commit) is stored, with
 *   the choices acknowledged: 0 lost;
 * - no player has two rows for the question (the unique key says so; counted anyway): 0 duplicates;
 * - the question is still live with the same deadline, so the time left went down by the downtime
 *   and was not reset; the players who had not answered can answer, and publishing scores everyone.
 * Each kill prints a line of counts, the end a summary.
 *
 * Also as a container's PID 1 (issue 33), on the embedded database: the server started in a PID
 * namespace of its own (`unshare --pid --fork --mount-proc`, as root, or with a user namespace as
 * anyone where the system allows one) is killed and started again, three rounds, each restart ready
 * on the same data with nothing lost. The old pid-file lock named pid 1 and the new PID 1 took it for
 * a live owner: it never came back. Where no PID namespace can be made the test fails, saying so.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answers } from '@/server/db/schema';
import { parseCsv } from '@/server/lib/sheet';
import { SocketRequests } from '../../bench/lib/socket-requests';
import { usingPostgres } from '../support/app';
import { freePort, processDatabase, startServerProcess, withDatabase, type ProcessDatabase, type ServerProcess } from '../support/server-process';

const PASSWORD = 'Crash-durability-password-1';
const BOTS = 150;
const KILLS = 3;
/** Long enough that the question stays open across every restart of a slow CI machine. */
const ANSWERING_TIME_S = 600;
/** Answers of a burst on their way at once: the kill lands while some are being stored. */
const WINDOW = 8;

interface Envelope {
  code: number;
  message: string;
  data: any;
}

async function call(base: string, apiPath: string, body: unknown, token?: string): Promise<any> {
  const response = await fetch(`${base}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope;
  if (envelope.code !== 200) throw new Error(`${apiPath}: HTTP ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Runs `task` over `items`, `limit` at a time. */
async function inPool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  }));
}

interface Bot {
  nickname: string;
  playerId: number;
  token: string;
  /** What this player answers, every time it sends (a resend after a lost reply is the same answer). */
  choice: string;
  requests: SocketRequests | null;
  socket: WebSocket | null;
  /** The choices of the server's 200 reply, once it came. */
  acked: string[] | null;
  /** The burst it first answers in (0 … KILLS; the last one after the last kill). */
  group: number;
  /** Whether it sent its answer at least once. */
  sent: boolean;
}

/** Opens the player's WebSocket (a new ticket from this server) and waits until the server says it is ready. */
async function connect(base: string, bot: Bot): Promise<void> {
  const ticket = await call(base, '/api/play/ticket', {}, bot.token);
  const socket = new WebSocket(`${base.replace('http', 'ws')}${ticket.url}?ticket=${encodeURIComponent(ticket.ticket)}`, { perMessageDeflate: false });
  const requests = new SocketRequests(socket, { timeoutMs: 30_000 });
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as { type: string; id?: string };
      if (frame.type === 'ready') resolve();
      else if (frame.type === 'reply') requests.receive(frame);
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`${bot.nickname}: closed before ready`)));
  });
  socket.on('error', () => {}); // the kill resets the connection: its requests fail, nothing else to do
  bot.socket = socket;
  bot.requests = requests;
}

interface Burst {
  /** Answers sent for the first time, and again after a reply lost with the process. */
  fresh: number;
  resent: number;
  acked: number;
  /** Sent and neither acknowledged nor refused when the process died. */
  inFlight: number;
  unsent: number;
  refused: string[];
  killedAt: number | null;
}

/**
 * `players` answer over their sockets, WINDOW answers on their way at any time (each reply lets the
 * next player send), so the server is storing a batch while more arrive. With `kill`, the process is
 * SIGKILLed once `kill.afterAcks` are acknowledged, right after the next answers went out, and
 * nothing more is sent. Resolves when every answer sent has its reply or has failed with the socket.
 */
function burst(players: Bot[], questionId: number, kill: { server: ServerProcess; afterAcks: number } | null): Promise<Burst> {
  const result: Burst = { fresh: 0, resent: 0, acked: 0, inFlight: 0, unsent: 0, refused: [], killedAt: null };
  let next = 0;
  let waiting = 0;
  return new Promise((resolve) => {
    const settle = () => {
      if (waiting > 0 || (next < players.length && result.killedAt === null)) return;
      result.unsent = players.length - next;
      resolve(result);
    };
    const send = () => {
      while (result.killedAt === null && waiting < WINDOW && next < players.length) {
        const bot = players[next++]!;
        if (bot.sent) result.resent += 1;
        else result.fresh += 1;
        bot.sent = true;
        waiting += 1;
        bot.requests!.request('answer', { question_id: questionId, choices: [bot.choice] }).then(
          (reply) => {
            if (reply.status !== 200 || reply.body.code !== 200) result.refused.push(`${bot.nickname}: ${reply.status} ${JSON.stringify(reply.body)}`);
            else {
              bot.acked = reply.body.data.answer.choices as string[];
              result.acked += 1;
            }
            waiting -= 1;
            send();
            if (kill && result.killedAt === null && result.acked >= kill.afterAcks) {
              kill.server.child.kill('SIGKILL');
              result.killedAt = Date.now();
            }
            settle();
          },
          () => {
            result.inFlight += 1;
            waiting -= 1;
            settle();
          },
        );
      }
    };
    send();
    settle();
  });
}

interface PlayerView {
  deadline: string | null;
  leftMs: number;
  status: number;
  canAnswer: boolean;
  mine: string[] | null;
}

/** What a player's phone is told by POST /api/play/state. */
async function view(base: string, bot: Bot): Promise<PlayerView> {
  const state = await call(base, '/api/play/state', {}, bot.token);
  return {
    deadline: state.question?.deadline ?? null,
    leftMs: Date.parse(state.question?.deadline) - Date.parse(state.server_time),
    status: state.question?.status,
    canAnswer: state.question?.can_answer,
    mine: state.my_answer?.choices ?? null,
  };
}

/** The answers stored, as the operator exports them (one CSV row per stored answer): nickname → the choices of each row. */
async function exportedAnswers(base: string, admin: string, gameId: number): Promise<{ rows: number; byNickname: Map<string, string[][]> }> {
  const response = await fetch(`${base}/api/admin/triviaGame/exportResults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ trivia_game_id: gameId, format: 'csv', table: 'answers' }),
  });
  expect(response.headers.get('content-type')).toContain('text/csv');
  const [headers, ...records] = parseCsv(await response.text());
  const nickname = headers!.indexOf('Nickname');
  const choices = headers!.indexOf('Choices');
  expect([nickname, choices]).not.toContain(-1);
  const byNickname = new Map<string, string[][]>();
  for (const record of records) byNickname.set(record[nickname]!, [...(byNickname.get(record[nickname]!) ?? []), record[choices]!.split(',')]);
  return { rows: records.length, byNickname };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe(`crash durability: SIGKILL mid-burst on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let database: ProcessDatabase;
  let server: ServerProcess | null = null;
  const bots: Bot[] = [];

  beforeAll(async () => {
    database = await processDatabase('lt-crash-durability-');
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const bot of bots) bot.socket?.terminate();
    await database?.remove();
  });

  it(`loses no acknowledged answer, stores none twice and keeps the deadline across ${KILLS} kills`, async () => {
    const t0 = Date.now();
    const engine = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const port = await freePort();
    const start = () => startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, port, adminPassword: PASSWORD });
    server = await start();
    const { base } = server;
    const login = async () => (await call(base, '/api/admin/login', { username: 'admin', password: PASSWORD })).token_info.token as string;
    let admin = await login();

    const gameId = (await call(base, '/api/admin/triviaGame/create', { title: 'Crash durability', type: 1 }, admin)).id as number;
    const pin = (await call(base, '/api/admin/triviaGame/detail', { id: gameId }, admin)).item.pin as string;
    const questionId = (
      await call(
        base,
        '/api/admin/question/create',
        {
          trivia_game_id: gameId,
          title: 'Survives',
          question_text: 'Which one survives a crash?',
          answering_time: ANSWERING_TIME_S,
          question_type: 1,
          options: ['A', 'B', 'C', 'D'].map((title) => ({ title, text: `Option ${title}`, img: '' })),
          answer: ['A'],
        },
        admin,
      )
    ).id as number;

    await inPool(
      Array.from({ length: BOTS }, (_, i) => i),
      8,
      async (i) => {
        const joined = await call(base, '/api/play/join', { pin, nickname: `Crash ${i + 1}` });
        bots.push({ nickname: `Crash ${i + 1}`, playerId: joined.player.id, token: joined.player_token, choice: 'ABCD'[i % 4]!, group: Math.floor((i * (KILLS + 1)) / BOTS), requests: null, socket: null, acked: null, sent: false });
      },
    );
    await inPool(bots, 16, (bot) => connect(base, bot));
    const shown = (await call(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 2 }, admin)).question;
    expect(Date.parse(shown.deadline) - Date.parse(shown.shown_at)).toBe(ANSWERING_TIME_S * 1000);

    const sample = bots.filter((_, i) => i % 15 === 0);
    let inFlightInAll = 0;
    const timeLeft: string[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      // The players of this burst without an acknowledgement answer (those left from the bursts before
      // first, as their phones resend), and the kill comes when half of them are acknowledged.
      const players = bots.filter((bot) => bot.group < kill && bot.acked === null).sort((x, y) => x.group - y.group);
      const b = await burst(players, questionId, { server, afterAcks: Math.ceil(players.length / 2) });
      expect(b.refused, 'answers refused').toEqual([]);
      expect(b.killedAt, 'the kill').not.toBeNull();
      // Mid-burst: answers were on their way when the process died.
      expect(b.inFlight).toBeGreaterThan(0);
      expect(await server.exited, 'killed, not exited').toBeNull();
      expect(server.child.signalCode).toBe('SIGKILL');
      inFlightInAll += b.inFlight;

      for (const bot of bots) bot.socket?.terminate();
      server = await start();
      const downMs = Date.now() - b.killedAt!;
      admin = await login();

      // Every acknowledged answer is stored with its choices, once; an answer whose reply was lost
      // with the process may be stored too, as it was sent.
      const stored = await exportedAnswers(base, admin, gameId);
      const acked = bots.filter((bot) => bot.acked !== null);
      const lost = acked.filter((bot) => JSON.stringify(stored.byNickname.get(bot.nickname)?.[0]) !== JSON.stringify(bot.acked));
      const duplicates = stored.rows - stored.byNickname.size;
      const unacked = bots.filter((bot) => bot.acked === null && stored.byNickname.has(bot.nickname));

      // The question is live with the deadline it was shown with: the time left went on running while
      // the server was down (not reset to the full time, not stopped). The server shares this machine's clock.
      const views = await Promise.all(sample.map((bot) => view(base, bot)));
      const leftAtKill = Date.parse(shown.deadline) - b.killedAt!;
      const leftAfter = Math.max(...views.map((v) => v.leftMs));
      timeLeft.push(`${seconds(leftAtKill)} → ${seconds(leftAfter)}`);
      console.log(
        `kill ${kill}/${KILLS} (${engine}): burst: ${b.fresh} answers sent, ${b.resent} sent again (${b.acked} acknowledged, ${b.inFlight} in flight at the kill, ${b.unsent} not sent yet); ` +
          `acknowledged so far ${acked.length}, stored after the restart ${stored.rows} (${unacked.length} of them unacknowledged), lost ${lost.length}, duplicates ${duplicates}; ` +
          `time left ${seconds(leftAtKill)} at the kill, ${seconds(leftAfter)} after the restart (down ${seconds(downMs)})`,
      );
      expect(lost.map((bot) => bot.nickname), 'acknowledged answers missing after the restart').toEqual([]);
      expect(duplicates).toBe(0);
      for (const bot of unacked) expect(stored.byNickname.get(bot.nickname), bot.nickname).toEqual([[bot.choice]]);
      expect(stored.rows).toBe(acked.length + unacked.length);
      for (const [i, v] of views.entries()) {
        const bot = sample[i]!;
        expect(v.deadline, `${bot.nickname}: the deadline`).toBe(shown.deadline);
        expect(v.status).toBe(1);
        expect(v.mine).toEqual(stored.byNickname.get(bot.nickname)?.[0] ?? null);
        expect(v.canAnswer, `${bot.nickname} may answer`).toBe(v.mine === null);
      }
      expect(leftAfter).toBeGreaterThan(0);
      expect(leftAfter).toBeLessThanOrEqual(leftAtKill - downMs);

      // The players without an acknowledgement come back, as the phone reconnects.
      await inPool(
        bots.filter((bot) => bot.acked === null),
        16,
        (bot) => connect(base, bot),
      );
    }

    // The game goes on: everyone still without an acknowledgement answers (a resend of a stored answer is acknowledged with it)…
    const last = await burst(bots.filter((bot) => bot.acked === null), questionId, null);
    expect(last.refused).toEqual([]);
    expect(last.inFlight + last.unsent).toBe(0);
    expect(bots.filter((bot) => bot.acked === null).map((bot) => bot.nickname)).toEqual([]);
    // …and publishing the answer scores every one of them.
    await call(base, '/api/admin/triviaGame/gameFlow', { trivia_game_id: gameId, question_id: questionId, type: 3 }, admin);
    const rank = await call(base, '/api/admin/triviaGame/getRank', { trivia_game_id: gameId, limit: BOTS }, admin);
    expect(rank.total).toBe(BOTS);
    expect(rank.list.filter((r: { score: number }) => r.score > 0)).toHaveLength(bots.filter((bot) => bot.choice === 'A').length);

    for (const bot of bots) bot.socket?.terminate();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);

    // The rows themselves, read from the database.
    const rows = await withDatabase(database, (db) => db.select({ playerId: answers.playerId, choices: answers.choices }).from(answers).where(eq(answers.questionId, questionId)));
    const byPlayer = new Map<number, string[][]>();
    for (const row of rows) byPlayer.set(row.playerId, [...(byPlayer.get(row.playerId) ?? []), row.choices]);
    const duplicates = rows.length - byPlayer.size;
    const lost = bots.filter((bot) => JSON.stringify(byPlayer.get(bot.playerId)?.[0]) !== JSON.stringify(bot.acked));
    console.log(
      `crash durability (${engine}): ${KILLS} SIGKILLs mid-burst, ${BOTS} players, ${inFlightInAll} answers in flight at the kills; ` +
        `answers acknowledged ${bots.filter((bot) => bot.acked !== null).length}, rows stored ${rows.length}, lost ${lost.length}, duplicates ${duplicates}; ` +
        `time left at each kill → after its restart: ${timeLeft.join(', ')}; ${seconds(Date.now() - t0)} in all`,
    );
    expect(duplicates).toBe(0);
    expect(lost.map((bot) => bot.nickname)).toEqual([]);
    expect(rows).toHaveLength(BOTS);
  }, 300_000);
});

/** The command that makes the server the PID 1 of a new PID namespace here, or why there is none. */
function pidNamespace(): { wrap: string[] } | { missing: string } {
  const tried: string[] = [];
  for (const wrap of [
    ['unshare', '--pid', '--fork', '--mount-proc'],
    ['unshare', '--user', '--map-root-user', '--pid', '--fork', '--mount-proc'],
  ]) {
    const run = spawnSync(wrap[0]!, [...wrap.slice(1), 'true'], { encoding: 'utf8' });
    if (run.status === 0) return { wrap };
    tried.push(`${wrap.join(' ')}: ${run.error?.message ?? run.stderr.trim()}`);
  }
  return { missing: tried.join('; ') };
}

/** The server's pid (seen from here) under the `unshare` process `wrapper`, and its pid inside its namespace. */
function serverUnder(wrapper: number): { pid: number; inside: number } {
  const [pid] = fs.readFileSync(`/proc/${wrapper}/task/${wrapper}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const nspid = /^NSpid:\s+(.*)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]?.trim().split(/\s+/).map(Number);
  return { pid: pid!, inside: nspid!.at(-1)! };
}

// The embedded database's own test: it runs in the PGlite pass (CI's PostgreSQL pass would repeat it as is).
describe.skipIf(usingPostgres)('crash as a container\'s PID 1: SIGKILL and restart on the embedded database', () => {
  const ROUNDS = 3;
  let database: ProcessDatabase;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    database = await processDatabase('lt-crash-pid1-', { embedded: true });
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      try {
        process.kill(serverUnder(server.child.pid!).pid, 'SIGKILL');
      } catch {
        server.child.kill('SIGKILL');
      }
      await server.exited;
    }
    await database?.remove();
  });

  it(`comes back ready on the same data after each of ${ROUNDS} SIGKILLs`, async () => {
    const namespace = pidNamespace();
    // Fails rather than skips: a lock that only works outside containers is the bug this keeps found.
    if ('missing' in namespace) throw new Error(`no PID namespace can be made on this machine (run as root, or allow user namespaces): ${namespace.missing}`);
    const port = await freePort();
    const start = () => startServerProcess({ dataDir: database.dataDir, port, adminPassword: PASSWORD, wrap: namespace.wrap });
    const lockFile = path.join(database.dataDir, 'pglite', '.lock');
    const titles: string[] = [];

    server = await start();
    for (let round = 0; round <= ROUNDS; round += 1) {
      const { base } = server;
      const inner = serverUnder(server.child.pid!);
      expect(inner.inside, 'the server is the PID 1 of its namespace').toBe(1);
      expect(fs.readFileSync(lockFile, 'utf8'), 'the lock file names pid 1').toMatch(/^1\b/);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status, `round ${round}: ready`).toBe(200);
      const admin = (await call(base, '/api/admin/login', { username: 'admin', password: PASSWORD })).token_info.token as string;
      // Everything stored before the kills is there, and the server writes again.
      const listed = await call(base, '/api/admin/triviaGame/list', { page: 1, limit: 100 }, admin);
      expect(listed.list.map((game: { title: string }) => game.title).filter((title: string) => title.startsWith('PID 1')).sort()).toEqual([...titles].sort());
      const title = `PID 1 round ${round}`;
      await call(base, '/api/admin/triviaGame/create', { title, type: 1 }, admin);
      titles.push(title);
      if (round === ROUNDS) break;

      // Killed as a container is: no shutdown, the namespace's every process gone with its PID 1.
      process.kill(inner.pid, 'SIGKILL');
      await server.exited;
      const t0 = Date.now();
      server = await start();
      console.log(`PID 1 round ${round + 1}/${ROUNDS}: killed, started again on the same folder in ${seconds(Date.now() - t0)}`);
    }

    process.kill(serverUnder(server.child.pid!).pid, 'SIGTERM');
    await server.exited;
    server = null;
  }, 300_000);
});
