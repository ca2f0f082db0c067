/**
 * Simulated players, one implementation for every use: the server's rehearsal from the control screen
 * (rehearsal.ts, in the server process), `npm run bots` (scripts/bots.ts), the bots test and the
 * live-game benchmark (bench/lib/bots.ts re-exports this file). Each bot joins a game by PIN with its
 * own nickname over the player API, opens the real-time channel with a ticket, and answers every
 * question shown with random choices after a delay the caller picks (default: random within the
 * countdown). They speak only the public player API and WebSocket (openapi/play-api.yaml), through
 * the phone's own clients: the play client (src/shared/play-client.ts: typed calls, the join's ticket
 * kept for the first socket) and the game channel over the realtime client
 * (src/shared/realtime/game-channel.ts on Node's `ws`: heartbeat, reconnect with backoff, resubscribe,
 * requests and their replies). Nothing here reaches into the server — but for the server's
 * rehearsal, whose bots are admitted by the same join the player API runs (`joinBot`), so the
 * rehearsal's own rule (only its bots join) holds.
 *
 * Like the phone, a bot sends its answer over its open WebSocket (a `request` frame) and over POST
 * /api/play/answer only when the socket is not open, or when the caller asks for HTTP (`answersOver`,
 * to compare). HTTP goes through one keep-alive agent with a bounded number of sockets, so thousands
 * of bots do not open thousands of HTTP connections on top of their WebSockets.
 */
import http from 'node:http';
import https from 'node:https';
import NodeWebSocket from 'ws';
import { createPlayClient, PlayApiError, playerTickets, unwrap, type PlayData, type PlayPost, type PlaySchemas, type PlayTransport } from '../../../shared/play-client.js';
import { createGameChannel, type GameChannel } from '../../../shared/realtime/game-channel.js';
import type { EventFrame, ServerFrame } from '../../../shared/realtime/frames.js';
import { kindLabelOf } from '../../../domain/question-kinds/labels.js';
import type { AnswerInput } from '../../../domain/question-kinds/kind.js';
import { randomAnswer, randomDelay, type OptionTitle, type QuestionStats, type ShownQuestion, type SwarmStats } from './bot-rules.js';

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
  choose?: (question: ShownQuestion) => OptionTitle[];
  /**
   * The answer to a question, of any kind (choices, a text or a value); default `randomAnswer`, or the
   * choices of `choose` when given. The server's rehearsal answers right at the operator's rate.
   */
  answerWith?: (question: ShownQuestion) => AnswerInput | Promise<AnswerInput>;
  /** Every event frame of the game's topic as it arrives (for measurements), with the local receipt time. */
  onFrame?: (frame: RealtimeFrame, receivedAt: number, bot: Bot) => void;
  /**
   * Answers go over the bot's WebSocket when it is open, else over HTTP (`'ws'`, the default, as the
   * phone does), or always over HTTP (`'http'`).
   */
  answersOver?: AnswerTransport;
  /** An answer's acknowledgement (code 200) or refusal, with its round trip in ms and how it went. */
  onAnswer?: (result: AnswerResult, bot: Bot) => void;
  /**
   * How the calls after joining (ticket, state, answer) travel; default: Node's client over a
   * keep-alive agent of `maxSockets`. The benchmark gives its lean client (bench/lib/raw-http.ts).
   */
  post?: PlayTransport;
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

/** A frame of the WebSocket, as the contract types it (src/shared/realtime/frames.ts). */
export type RealtimeFrame = ServerFrame;

export interface Bot {
  index: number;
  nickname: string;
  playerId: number;
  token: string;
  /** The player's tickets: the join's for the first socket, then /ticket. */
  tickets: ReturnType<typeof playerTickets>;
  /** Its live channel (the phone's), from `connect` on. */
  channel: GameChannel | null;
}

/** The most simulated players of a rehearsal (the control screen's, and `npm run bots` without --force). */
export const MAX_REHEARSAL_PLAYERS = 2_000;

/** Tries of a join that the server throttles (code 429), 5 s apart. */
const JOIN_ATTEMPTS = 30;
/** How long `connect` waits for a bot's first subscription; the bot keeps trying after it. */
const CONNECT_WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The play client's transport on Node: JSON POSTs over a keep-alive agent, the parsed body whatever the HTTP status. */
export function agentTransport(agent: http.Agent, base: URL, localAddress?: string): PlayTransport {
  const client = base.protocol === 'https:' ? https : http;
  return (path, body, token) => {
    const payload = Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': payload.length, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const request = client.request(new URL(path, base), { method: 'POST', agent, headers, ...(localAddress ? { localAddress } : {}) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(new Error(`HTTP ${response.statusCode} from ${path}: ${(error as Error).message}`));
          }
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  };
}

/** Runs `task` for 0..count-1 with at most `limit` at once. */
async function pool(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

const titles = (options: Array<{ title: OptionTitle }>) => options.map((option) => option.title);

export class BotSwarm {
  readonly bots: Bot[] = [];
  readonly stats: SwarmStats;
  private readonly base: URL;
  private readonly agent: http.Agent;
  private readonly joinAgent: http.Agent;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private endedListeners: Array<() => void> = [];
  private readonly post: PlayPost;

  constructor(private readonly options: BotSwarmOptions) {
    this.base = new URL(options.url);
    const Agent = this.base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
    // Joins spread over local addresses go on connections of their own (one per join).
    this.joinAgent = options.localAddresses?.length ? new Agent({ keepAlive: false }) : this.agent;
    this.post = createPlayClient({ transport: options.post ?? agentTransport(this.agent, this.base) });
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

  private joined(index: number, nickname: string, playerId: number, token: string, tickets = playerTickets(this.post)): void {
    this.bots.push({ index, nickname, playerId, token, tickets, channel: null });
    this.stats.joined += 1;
    this.options.onJoined?.(this.stats.joined);
  }

  /** Joins every bot (with bounded concurrency); resolves when all tried. */
  async join(): Promise<void> {
    const prefix = this.options.nicknamePrefix ?? 'Bot ';
    const addresses = this.options.localAddresses ?? [];
    await pool(this.options.players, this.options.concurrency ?? 32, async (i) => {
      const nickname = `${prefix}${i + 1}`;
      const joinBot = this.options.joinBot;
      // Too many joins from one address a minute (code 429): wait and try again, a few times.
      for (let attempt = 1; !this.stopped; attempt += 1) {
        try {
          if (joinBot) {
            const { playerId, token } = await joinBot(nickname, i);
            return this.joined(i, nickname, playerId, token);
          }
          const localAddress = addresses.length ? addresses[i % addresses.length] : undefined;
          const post = createPlayClient({ transport: agentTransport(this.joinAgent, this.base, localAddress) });
          const data = await post('/join', { pin: this.options.pin, nickname });
          const tickets = playerTickets(this.post);
          tickets.joined(data);
          return this.joined(i, nickname, data.player.id, data.player_token, tickets);
        } catch (error) {
          if (!joinBot && error instanceof PlayApiError && error.code === 429 && attempt < JOIN_ATTEMPTS) {
            await sleep(5_000);
            continue;
          }
          this.stats.joinFailed += 1;
          return this.error(`join ${nickname}: ${(error as Error).message}`);
        }
      }
    });
  }

  /** Opens every joined bot's live channel; resolves when each is subscribed to its game (or has failed). */
  async connect(): Promise<void> {
    await pool(this.bots.length, this.options.concurrency ?? 32, async (i) => {
      if (!this.stopped) await this.openChannel(this.bots[i]!);
    });
  }

  /**
   * The phone's channel: the first subscription resolves (or, after CONNECT_WAIT_MS, gives up waiting
   * while the channel goes on trying); a lost socket comes back by itself and the snapshot of the
   * resubscription says whether a question waits for an answer.
   */
  private openChannel(bot: Bot): Promise<void> {
    const channel = createGameChannel({
      getTicket: () => bot.tickets.ticket(bot.token),
      client: {
        createSocket: (url) => new NodeWebSocket(url, { perMessageDeflate: false }),
        location: { protocol: this.base.protocol, host: this.base.host },
        requestTimeoutMs: 10_000,
      },
    });
    bot.channel = channel;
    let counted = false;
    return new Promise<void>((resolve) => {
      const wait = setTimeout(() => {
        this.error(`websocket ${bot.nickname}: not subscribed after ${CONNECT_WAIT_MS / 1000} s`);
        resolve();
      }, CONNECT_WAIT_MS);
      const settle = () => {
        clearTimeout(wait);
        resolve();
      };
      channel.listen({
        onEvent: (frame) => this.onFrame(bot, frame, Date.now()),
        onConnected: () => {
          if (!counted) this.stats.connected += 1;
          counted = true;
          settle();
        },
        onRejected: (error) => {
          this.error(`websocket ${bot.nickname}: ${error.message}`);
          settle();
        },
      });
      // A socket lost while playing (not the swarm's own stop): counted again once subscribed.
      channel.client.onStatus((status) => {
        if (status === 'open' || !counted || this.stopped) return;
        counted = false;
        this.stats.connected -= 1;
        if (!this.stopped && !this.stats.gameEnded) this.error(`websocket ${bot.nickname} closed`);
      });
      channel.client.start();
    });
  }

  private onFrame(bot: Bot, frame: EventFrame, receivedAt: number): void {
    this.options.onFrame?.(frame, receivedAt, bot);
    if (frame.type === 'server.questionShown') {
      const { question, deadline, question_id: questionId } = frame.data;
      if (!question) return void this.answerFromState(bot);
      // Time left when the server sent it: its deadline against the frame's own server time.
      const remainingMs = deadline ? Date.parse(deadline) - frame.server_time : null;
      this.schedule(bot, { questionId, options: titles(question.options), questionType: question.question_type, slider: question.slider, remainingMs });
    } else if (frame.type === 'server.snapshot' && 'question' in frame.data && frame.data.question?.status === 1) {
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
      const state = await this.post('/state', {}, bot.token);
      const live = state.question;
      if (!live?.can_answer) return;
      const { question, deadline } = live;
      const remainingMs = deadline ? Date.parse(deadline) - Date.parse(state.server_time) : null;
      this.schedule(bot, { questionId: question.id, options: titles(question.options), questionType: question.question_type, slider: question.slider, remainingMs });
    } catch (error) {
      this.error(`state ${bot.nickname}: ${(error as Error).message}`);
    }
  }

  private schedule(bot: Bot, question: ShownQuestion): void {
    // A content slide takes no answers: a bot, like a phone, only looks at it.
    if (this.stopped || !kindLabelOf(question.questionType).answerable) return;
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
    const { choose, answerWith } = this.options;
    const answer = choose ? { choices: choose(question) } : await (answerWith ?? randomAnswer)(question);
    if (this.stopped) return;
    const body: PlaySchemas['AnswerRequest'] = {
      question_id: question.questionId,
      ...(answer.choices ? { choices: [...answer.choices] } : {}),
      ...(answer.text !== undefined ? { text: answer.text } : {}),
      ...(answer.value !== undefined ? { value: answer.value } : {}),
    };
    // Over the open WebSocket, as the phone does; over HTTP if it is not open (or if asked to).
    const client = this.options.answersOver !== 'http' && bot.channel?.client.status === 'open' ? bot.channel.client : null;
    const transport: AnswerTransport = client ? 'ws' : 'http';
    stats.answered += 1;
    if (client) stats.overWs += 1;
    else stats.overHttp += 1;
    const started = performance.now();
    const settled = (ok: boolean, message: string) =>
      this.options.onAnswer?.({ questionId: question.questionId, ok, ms: performance.now() - started, message, transport }, bot);
    try {
      // A reply's body is the envelope the POST would have answered.
      if (client) unwrap<PlayData<'/answer'>>((await client.request('answer', body)).body);
      else await this.post('/answer', body, bot.token);
      stats.acked += 1;
      settled(true, 'OK');
    } catch (error) {
      const message = (error as Error).message;
      // Refused by the server (already answered, too late...): an answer, not an error of the bot.
      if (error instanceof PlayApiError && !error.offline) stats.refused += 1;
      else this.error(`answer ${bot.nickname} (${transport}): ${message}`);
      settled(false, message);
    }
  }

  /**
   * Opens the HTTP pool's sockets ahead of time (one /state call per socket, all at once), so a
   * burst of answers does not begin with hundreds of TCP handshakes at the same moment.
   */
  async warm(): Promise<void> {
    const count = Math.min(this.bots.length, this.options.maxSockets ?? 64);
    await Promise.all(this.bots.slice(0, count).map((bot) => this.post('/state', {}, bot.token).catch((error: Error) => this.error(`warm: ${error.message}`))));
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
    for (const bot of this.bots) bot.channel?.client.stop();
    this.agent.destroy();
    this.joinAgent.destroy();
    await sleep(50);
  }
}
