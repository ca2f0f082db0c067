/**
 * Simulated players, one implementation for every use: the server's rehearsal from the control screen
 * (rehearsal.ts, in the server process), `npm run bots` (scripts/bots.ts), the bots test and the
 * live-game benchmark (bench/lib/bots.ts re-exports this file). Each bot joins a game by PIN with its
 * own nickname over the player API, opens the real-time channel with a ticket, and answers every
 * question shown with random choices after a delay the caller picks (default: random within the
 * countdown). They speak only the public player API and WebSocket (openapi/play-api.yaml); nothing
 * here reaches into the server — but for the server's rehearsal, whose bots are admitted by the same
 * join the player API runs (`joinBot`), so the rehearsal's own rule (only its bots join) holds.
 *
 * Like the phone, a bot sends its answer over its open WebSocket (a `request` frame,
 * socket-requests.ts) and over POST /api/play/answer only when the socket is not open, or when the
 * caller asks for HTTP (`answersOver`, to compare). HTTP goes through one keep-alive agent with a
 * bounded number of sockets, so thousands of bots do not open thousands of HTTP connections on top
 * of their WebSockets.
 */
import http from 'node:http';
import https from 'node:https';
import WebSocket from 'ws';
import type { PlaySchemas } from '../live/views.js';
import { SocketRequests } from './socket-requests.js';

export interface ShownQuestion {
  questionId: number;
  options: string[];
  questionType: 1 | 2;
  /** Milliseconds left to answer when the bot got the question (server clock), or null (untimed). */
  remainingMs: number | null;
}

export interface BotSwarmOptions {
  url: string;
  pin: string;
  players: number;
  /** Nicknames are `<prefix><n>` (n from 1): at most 20 characters in all. */
  nicknamePrefix?: string;
  /** How many joins (and WebSocket openings) run at once. */
  concurrency?: number;
  /** HTTP sockets shared by all bots of this swarm. */
  maxSockets?: number;
  /**
   * Local addresses to spread the joins over (bot i joins from the (i mod n)-th), like phones on many
   * networks: the server throttles joins per address. Only for a loopback target (127.x.y.z).
   */
  localAddresses?: string[];
  /** Delay before answering a question (ms); default: random within the countdown (3 s margin), 0.5–5 s untimed. */
  answerDelay?: (question: ShownQuestion) => number;
  /** Choices for a question; default random (single: one option; multiple: a random non-empty set). */
  choose?: (question: ShownQuestion) => string[];
  /** Every real-time frame as it arrives (for measurements), with the local receipt time. */
  onFrame?: (frame: RealtimeFrame, receivedAt: number, bot: Bot) => void;
  /**
   * Answers go over the bot's WebSocket when it is open, else over HTTP (`'ws'`, the default, as the
   * phone does), or always over HTTP (`'http'`).
   */
  answersOver?: AnswerTransport;
  /** An answer's acknowledgement (code 200) or refusal, with its round trip in ms and how it went. */
  onAnswer?: (result: AnswerResult, bot: Bot) => void;
  /**
   * How the calls after joining (ticket, state, answer) are sent; default: Node's client over a
   * keep-alive agent of `maxSockets`. The benchmark gives its lean client (bench/lib/raw-http.ts).
   */
  post?: (path: string, body: unknown, token?: string) => Promise<Envelope>;
  /**
   * Joins a bot without POST /api/play/join: the server's rehearsal admits its own bots in process,
   * through the same join (features/live/answers/join.ts), since the player API refuses joins during a
   * rehearsal. Resolves with the player's id and token; rejects with the refusal.
   */
  joinBot?: (nickname: string, index: number) => Promise<{ playerId: number; token: string }>;
  /** Each bot joined (its count so far). */
  onJoined?: (joined: number) => void;
}

export type AnswerTransport = 'ws' | 'http';

export interface AnswerResult {
  questionId: number;
  ok: boolean;
  /** From sending the request (frame or POST) to receiving its reply. */
  ms: number;
  message: string;
  /** Which way this answer went. */
  transport: AnswerTransport;
}

export interface RealtimeFrame {
  type: string;
  topic?: string;
  // The public API's frames, read loosely: by the bots here and by the benchmark's measurements.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  server_time?: number | string;
}

export interface QuestionStats {
  shown: number;
  answered: number;
  acked: number;
  refused: number;
  /** Answers sent over the WebSocket, and over HTTP. */
  overWs: number;
  overHttp: number;
}

export interface SwarmStats {
  target: number;
  joined: number;
  joinFailed: number;
  connected: number;
  errors: number;
  /** Per question id, in the order shown. */
  questions: Map<number, QuestionStats>;
  lastError: string | null;
  gameEnded: boolean;
}

export interface Bot {
  index: number;
  nickname: string;
  playerId: number;
  token: string;
  socket: WebSocket | null;
  /** Requests over `socket` (null with it). */
  requests: SocketRequests | null;
  /** The first ticket, from the join's answer, until used or near its expiry (ms, this clock); null: ask /ticket. */
  joinTicket: { data: TicketAnswer; usableUntil: number } | null;
}

/** What a ticket answer carries (POST /api/play/ticket, and the join's answer): the contract's TicketData. */
type TicketAnswer = PlaySchemas['TicketData'];

export interface Envelope {
  code: number;
  message: string;
  // The public API's envelopes, read loosely (as the frames above).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** The most simulated players of a rehearsal (the control screen's, and `npm run bots` without --force). */
export const MAX_REHEARSAL_PLAYERS = 2_000;

/** Tries of a join that the server throttles (HTTP 429), 5 s apart. */
const JOIN_ATTEMPTS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a URL points at this machine (bots refuse other hosts unless the user named them). */
export function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** 127.0.<block>.1 … 127.0.<block>.254: loopback addresses a Linux machine answers from without set-up. */
export function loopbackAddresses(block = 1): string[] {
  return Array.from({ length: 254 }, (_, i) => `127.0.${block}.${i + 1}`);
}

export function randomChoices(question: Pick<ShownQuestion, 'options' | 'questionType'>, random = Math.random): string[] {
  const options = question.options.length > 0 ? question.options : ['A'];
  if (question.questionType !== 2) return [options[Math.floor(random() * options.length)]!];
  const picked = options.filter(() => random() < 0.5);
  return picked.length > 0 ? picked : [options[Math.floor(random() * options.length)]!];
}

/** Default delay: uniformly random within the countdown, keeping 3 s (or a third of it) in hand. */
export function randomDelay(question: Pick<ShownQuestion, 'remainingMs'>, random = Math.random): number {
  if (question.remainingMs === null) return 500 + random() * 4_500;
  const usable = Math.max(0, question.remainingMs - Math.min(3_000, question.remainingMs / 3));
  return random() * usable;
}

/** A JSON POST over a keep-alive agent; resolves with the envelope (any HTTP status). */
export function postJson(agent: http.Agent, base: URL, path: string, body: unknown, token?: string, localAddress?: string): Promise<Envelope> {
  const payload = Buffer.from(JSON.stringify(body));
  const client = base.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      new URL(path, base),
      {
        method: 'POST',
        agent,
        ...(localAddress ? { localAddress } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope);
          } catch (error) {
            reject(new Error(`HTTP ${response.statusCode} from ${path}: ${(error as Error).message}`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Runs `task` for 0..count-1 with at most `limit` at once. */
async function pool(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

const serverMs = (value: number | string | undefined): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : null;

export class BotSwarm {
  readonly bots: Bot[] = [];
  readonly stats: SwarmStats;
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly joinAgent: http.Agent;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private endedListeners: Array<() => void> = [];
  private readonly post: (path: string, body: unknown, token?: string) => Promise<Envelope>;

  constructor(private readonly options: BotSwarmOptions) {
    this.base = new URL(options.url);
    const Agent = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
    // Joins spread over local addresses go on connections of their own (one per join).
    this.joinAgent = options.localAddresses?.length ? new Agent({ keepAlive: false }) : this.agent;
    this.post = options.post ?? ((path, body, token) => postJson(this.agent, this.base, path, body, token));
    this.stats = { target: options.players, joined: 0, joinFailed: 0, connected: 0, errors: 0, questions: new Map(), lastError: null, gameEnded: false };
  }

  private error(message: string): void {
    this.stats.errors += 1;
    this.stats.lastError = message;
  }

  private questionStats(questionId: number): QuestionStats {
    let stats = this.stats.questions.get(questionId);
    if (!stats) this.stats.questions.set(questionId, (stats = { shown: 0, answered: 0, acked: 0, refused: 0, overWs: 0, overHttp: 0 }));
    return stats;
  }

  /** Joins every bot (with bounded concurrency); resolves when all tried. */
  async join(): Promise<void> {
    const prefix = this.options.nicknamePrefix ?? 'Bot ';
    const addresses = this.options.localAddresses ?? [];
    await pool(this.options.players, this.options.concurrency ?? 32, async (i) => {
      const nickname = `${prefix}${i + 1}`;
      if (this.options.joinBot) return this.joinInProcess(this.options.joinBot, nickname, i);
      const localAddress = addresses.length ? addresses[i % addresses.length] : undefined;
      // Too many joins from one address a minute (HTTP 429): wait and try again, a few times.
      for (let attempt = 1; !this.stopped; attempt += 1) {
        try {
          const res = await postJson(this.joinAgent, this.base, '/api/play/join', { pin: this.options.pin, nickname }, undefined, localAddress);
          if (res.code === 429 && attempt < JOIN_ATTEMPTS) {
            await sleep(5_000);
            continue;
          }
          if (res.code !== 200) {
            this.stats.joinFailed += 1;
            return this.error(`join ${nickname}: ${res.message}`);
          }
          const ticket = res.data.ticket as TicketAnswer | undefined;
          // Used while a few seconds of its life remain (a bot may wait for the others before connecting).
          const joinTicket = ticket ? { data: ticket, usableUntil: Date.now() + (ticket.expires_in - 5) * 1000 } : null;
          this.bots.push({ index: i, nickname, playerId: res.data.player.id, token: res.data.player_token, socket: null, requests: null, joinTicket });
          this.stats.joined += 1;
          this.options.onJoined?.(this.stats.joined);
          return;
        } catch (error) {
          this.stats.joinFailed += 1;
          return this.error(`join ${nickname}: ${(error as Error).message}`);
        }
      }
    });
  }

  private async joinInProcess(joinBot: NonNullable<BotSwarmOptions['joinBot']>, nickname: string, i: number): Promise<void> {
    if (this.stopped) return;
    try {
      const { playerId, token } = await joinBot(nickname, i);
      this.bots.push({ index: i, nickname, playerId, token, socket: null, requests: null, joinTicket: null });
      this.stats.joined += 1;
      this.options.onJoined?.(this.stats.joined);
    } catch (error) {
      this.stats.joinFailed += 1;
      this.error(`join ${nickname}: ${(error as Error).message}`);
    }
  }

  /** Opens every joined bot's WebSocket and subscribes it to its game; resolves when all are subscribed (or failed). */
  async connect(): Promise<void> {
    await pool(this.bots.length, this.options.concurrency ?? 32, async (i) => {
      if (this.stopped) return;
      const bot = this.bots[i]!;
      try {
        await this.openSocket(bot);
      } catch (error) {
        this.error(`websocket ${bot.nickname}: ${(error as Error).message}`);
      }
    });
  }

  private async openSocket(bot: Bot): Promise<void> {
    // A phone's first socket opens with the join's ticket; later ones (a reconnect) ask for a fresh one.
    const fromJoin = bot.joinTicket && bot.joinTicket.usableUntil > Date.now() ? bot.joinTicket.data : null;
    bot.joinTicket = null;
    const ticket = fromJoin ? { code: 200, message: '', data: fromJoin } : await this.post('/api/play/ticket', {}, bot.token);
    if (ticket.code !== 200) throw new Error(ticket.message);
    const wsUrl = new URL(`${ticket.data.url}?ticket=${encodeURIComponent(ticket.data.ticket)}`, this.base);
    wsUrl.protocol = this.base.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    const requests = new SocketRequests(socket);
    bot.socket = socket;
    bot.requests = requests;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      socket.once('error', fail);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic: ticket.data.topic })));
      socket.on('message', (raw: Buffer) => {
        const receivedAt = Date.now();
        let frame: RealtimeFrame;
        try {
          frame = JSON.parse(raw.toString('utf8')) as RealtimeFrame;
        } catch {
          return this.error(`bad frame for ${bot.nickname}`);
        }
        if (frame.type === 'reply') {
          if (!requests.receive(frame as { id?: unknown })) this.error(`a reply to no request for ${bot.nickname}`);
          return;
        }
        if (frame.type === 'subscribed') {
          socket.off('error', fail);
          socket.on('error', (error) => this.error(`websocket ${bot.nickname}: ${error.message}`));
          this.stats.connected += 1;
          resolve();
        } else if (frame.type === 'refused') reject(new Error(`subscription refused`));
        this.onFrame(bot, frame, receivedAt);
      });
      socket.once('close', () => {
        if (bot.socket === socket) {
          bot.socket = null;
          bot.requests = null;
        }
        if (socket.readyState === WebSocket.CLOSED && !this.stopped && !this.stats.gameEnded) {
          this.stats.connected -= 1;
          this.error(`websocket ${bot.nickname} closed`);
        }
        reject(new Error('closed before subscribing'));
      });
    });
  }

  private onFrame(bot: Bot, frame: RealtimeFrame, receivedAt: number): void {
    this.options.onFrame?.(frame, receivedAt, bot);
    const offset = (serverMs(frame.server_time) ?? receivedAt) - receivedAt;
    if (frame.type === 'server.questionShown') {
      const data = frame.data;
      if (!data.question) return void this.answerFromState(bot);
      const deadline = data.deadline ? Date.parse(data.deadline) : null;
      this.schedule(bot, {
        questionId: data.question_id,
        options: (data.question.options as Array<{ title: string }>).map((o) => o.title),
        questionType: data.question.question_type,
        remainingMs: deadline === null ? null : deadline - (receivedAt + offset),
      });
    } else if (frame.type === 'server.snapshot' && frame.data?.question?.status === 1) {
      // Joined (or reconnected) while a question is live: the player state says whether to answer.
      void this.answerFromState(bot);
    } else if (frame.type === 'server.gameEnded') {
      if (!this.stats.gameEnded) {
        this.stats.gameEnded = true;
        for (const listener of this.endedListeners) listener();
      }
    }
  }

  private async answerFromState(bot: Bot): Promise<void> {
    try {
      const state = await this.post('/api/play/state', {}, bot.token);
      const question = state.data?.question;
      if (state.code !== 200 || !question?.can_answer) return;
      this.schedule(bot, {
        questionId: question.question.id,
        options: (question.question.options as Array<{ title: string }>).map((o) => o.title),
        questionType: question.question.question_type,
        remainingMs: question.deadline ? Date.parse(question.deadline) - Date.parse(state.data.server_time) : null,
      });
    } catch (error) {
      this.error(`state ${bot.nickname}: ${(error as Error).message}`);
    }
  }

  private schedule(bot: Bot, question: ShownQuestion): void {
    if (this.stopped) return;
    const stats = this.questionStats(question.questionId);
    stats.shown += 1;
    const delay = Math.max(0, (this.options.answerDelay ?? randomDelay)(question));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.answer(bot, question, stats);
    }, delay);
    this.timers.add(timer);
  }

  private async answer(bot: Bot, question: ShownQuestion, stats: QuestionStats): Promise<void> {
    if (this.stopped) return;
    const body = { question_id: question.questionId, choices: (this.options.choose ?? randomChoices)(question) };
    // Over the open WebSocket, as the phone does; over HTTP if it is not open (or if asked to).
    const requests = this.options.answersOver !== 'http' && bot.requests?.open ? bot.requests : null;
    const transport: AnswerTransport = requests ? 'ws' : 'http';
    stats.answered += 1;
    if (requests) stats.overWs += 1;
    else stats.overHttp += 1;
    const started = performance.now();
    try {
      // A reply's body is the envelope the POST would have answered.
      const res = requests ? (await requests.request('answer', body)).body : await this.post('/api/play/answer', body, bot.token);
      const ms = performance.now() - started;
      if (res.code === 200) stats.acked += 1;
      else stats.refused += 1;
      this.options.onAnswer?.({ questionId: question.questionId, ok: res.code === 200, ms, message: res.message, transport }, bot);
    } catch (error) {
      this.error(`answer ${bot.nickname} (${transport}): ${(error as Error).message}`);
      this.options.onAnswer?.({ questionId: question.questionId, ok: false, ms: performance.now() - started, message: (error as Error).message, transport }, bot);
    }
  }

  /**
   * Opens the HTTP pool's sockets ahead of time (one /state call per socket, all at once), so a
   * burst of answers does not begin with hundreds of TCP handshakes at the same moment.
   */
  async warm(): Promise<void> {
    const count = Math.min(this.bots.length, this.options.maxSockets ?? 64);
    await Promise.all(
      this.bots.slice(0, count).map((bot) => this.post('/api/play/state', {}, bot.token).catch((error: Error) => this.error(`warm: ${error.message}`))),
    );
  }

  /** Resolves when a bot hears that the game ended. */
  ended(): Promise<void> {
    if (this.stats.gameEnded) return Promise.resolve();
    return new Promise((resolve) => this.endedListeners.push(resolve));
  }

  /** Waits until no answer is pending or in flight (bounded by `timeoutMs`). */
  async settle(timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    const busy = () => this.timers.size > 0 || [...this.stats.questions.values()].some((q) => q.answered > q.acked + q.refused);
    while (busy() && Date.now() < until) await sleep(20);
  }

  /** Closes every socket and cancels pending answers. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const bot of this.bots) bot.socket?.close(1000, 'bots done');
    this.agent.destroy();
    this.joinAgent.destroy();
    await sleep(50);
  }
}

/** One line of the live summary: joined, connected, answers of the latest questions, errors. */
export function summaryLine(stats: SwarmStats): string {
  const questions = [...stats.questions.entries()]
    .slice(-3)
    .map(([id, q]) => `Q${id} answered ${q.answered}/${q.shown} acked ${q.acked} refused ${q.refused} via ws ${q.overWs}${q.overHttp ? ` http ${q.overHttp}` : ''}`);
  return [
    `joined ${stats.joined}/${stats.target}${stats.joinFailed ? ` (failed ${stats.joinFailed})` : ''}`,
    `ws ${stats.connected}`,
    ...questions,
    `errors ${stats.errors}`,
    ...(stats.gameEnded ? ['game ended'] : []),
  ].join(' · ');
}
