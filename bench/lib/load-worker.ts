/**
 * One load-generator process of the live-game benchmark (bench/live-game.ts forks several, so the
 * client side is not one event loop): it plays a slice of the players with the rehearsal bots
 * (bench/lib/bots.ts) against the real server, or holds plain sockets on the bare broadcast server,
 * and records when each frame arrived and how long each answer took to be acknowledged (over the
 * player's WebSocket, as the phone answers, or over HTTP with `answersOver: 'http'`, to compare).
 * Speaks IPC with the parent; every command is answered with one message.
 */
import WebSocket from 'ws';
import { BotSwarm, loopbackAddresses, type AnswerTransport, type RealtimeFrame } from './bots.js';
import { RawHttpPool } from './raw-http.js';

export type WorkerCommand =
  | {
      cmd: 'join';
      url: string;
      pin: string;
      prefix: string;
      count: number;
      concurrency: number;
      burstMs: number;
      addressBlock: number;
      maxSockets: number;
      answersOver: AnswerTransport;
    }
  | { cmd: 'connect' }
  | { cmd: 'bare'; url: string; count: number; concurrency: number }
  | { cmd: 'report' }
  | { cmd: 'close' };

export interface WorkerReport {
  type: 'report';
  /** Frame latency per player: receipt − the frame's server_time (when the server began sending it). */
  shown: number[];
  /** Receipt times (epoch ms) of the question, for the click → last player figure. */
  shownAt: number[];
  ranking: number[];
  rankingAt: number[];
  /** Answer round trips (ms) and when each answer was sent and settled (epoch ms). */
  acks: number[];
  sentAt: number[];
  settledAt: number[];
  acked: number;
  refused: number;
  refusals: Record<string, number>;
  /** Answers sent over the player's WebSocket, and over HTTP (all of them with `answersOver: 'http'`). */
  overWs: number;
  overHttp: number;
  errors: number;
  lastError: string | null;
  connected: number;
  /** The largest questionShown frame seen (bytes), so the bare server sends frames as large. */
  frameBytes: number;
}

let swarm: BotSwarm | null = null;
let pool: RawHttpPool | null = null;
const bareSockets: WebSocket[] = [];
let bareErrors = 0;
let record = freshRecord();

function freshRecord() {
  return {
    shown: [] as number[],
    shownAt: [] as number[],
    ranking: [] as number[],
    rankingAt: [] as number[],
    acks: [] as number[],
    sentAt: [] as number[],
    settledAt: [] as number[],
    acked: 0,
    refused: 0,
    refusals: {} as Record<string, number>,
    overWs: 0,
    overHttp: 0,
    frameBytes: 0,
  };
}

const serverTime = (frame: RealtimeFrame) => (typeof frame.server_time === 'number' ? frame.server_time : Date.parse(String(frame.server_time)));

function onFrame(frame: RealtimeFrame, receivedAt: number): void {
  if (frame.type === 'server.questionShown') {
    record.shown.push(receivedAt - serverTime(frame));
    record.shownAt.push(receivedAt);
    if (record.frameBytes === 0) record.frameBytes = Buffer.byteLength(JSON.stringify(frame));
  } else if (frame.type === 'server.rankingPublished') {
    record.ranking.push(receivedAt - serverTime(frame));
    record.rankingAt.push(receivedAt);
  }
}

async function openBare(url: string): Promise<void> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('message', (raw: Buffer) => {
    const receivedAt = Date.now();
    onFrame(JSON.parse(raw.toString('utf8')) as RealtimeFrame, receivedAt);
  });
  socket.on('error', () => (bareErrors += 1));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  bareSockets.push(socket);
}

async function handle(command: WorkerCommand): Promise<unknown> {
  switch (command.cmd) {
    case 'join': {
      // Tickets, states and (with answersOver 'http', or a socket not open) answers go over the lean
      // client's keep-alive connections (raw-http.ts); answers over the player's WebSocket otherwise.
      pool = new RawHttpPool(command.url, command.maxSockets);
      swarm = new BotSwarm({
        url: command.url,
        pin: command.pin,
        players: command.count,
        nicknamePrefix: command.prefix,
        concurrency: command.concurrency,
        // Phones each have their own connection: enough sockets that the pool does not queue the burst.
        maxSockets: command.maxSockets,
        post: pool.post,
        localAddresses: loopbackAddresses(command.addressBlock),
        // The burst: every player answers within `burstMs` of getting the question.
        answerDelay: () => Math.random() * command.burstMs,
        answersOver: command.answersOver,
        onFrame,
        onAnswer: (result) => {
          const now = Date.now();
          if (result.transport === 'ws') record.overWs += 1;
          else record.overHttp += 1;
          record.acks.push(result.ms);
          record.sentAt.push(now - result.ms);
          record.settledAt.push(now);
          if (result.ok) record.acked += 1;
          else {
            record.refused += 1;
            record.refusals[result.message] = (record.refusals[result.message] ?? 0) + 1;
          }
        },
      });
      await swarm.join();
      return { type: 'joined', joined: swarm.stats.joined, errors: swarm.stats.errors, lastError: swarm.stats.lastError };
    }
    case 'connect': {
      if (!swarm) throw new Error('join first');
      await swarm.connect();
      await swarm.warm();
      return { type: 'ready', joined: swarm.stats.joined, connected: swarm.stats.connected, errors: swarm.stats.errors, lastError: swarm.stats.lastError };
    }
    case 'bare': {
      let next = 0;
      const open = async () => {
        while (next < command.count) {
          next += 1;
          await openBare(command.url).catch(() => (bareErrors += 1));
        }
      };
      await Promise.all(Array.from({ length: command.concurrency }, open));
      return { type: 'ready', joined: bareSockets.length, connected: bareSockets.length, errors: bareErrors, lastError: null };
    }
    case 'report': {
      if (swarm) await swarm.settle(10_000);
      const report: WorkerReport = {
        type: 'report',
        ...record,
        errors: (swarm?.stats.errors ?? 0) + bareErrors,
        lastError: swarm?.stats.lastError ?? null,
        connected: swarm ? swarm.stats.connected : bareSockets.filter((s) => s.readyState === WebSocket.OPEN).length,
      };
      record = freshRecord();
      return report;
    }
    case 'close': {
      await swarm?.stop();
      pool?.close();
      pool = null;
      for (const socket of bareSockets) socket.terminate();
      bareSockets.length = 0;
      swarm = null;
      return { type: 'closed' };
    }
  }
}

process.on('message', (command: WorkerCommand) => {
  handle(command).then(
    (reply) => process.send?.(reply),
    (error: unknown) => process.send?.({ type: 'error', message: (error as Error).stack ?? String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
// A clean exit on the parent's kill, so that --cpu-prof (BENCH_WORKER_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
