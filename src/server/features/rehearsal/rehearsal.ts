/**
 * A rehearsal from the control screen (admin API /triviaGame/rehearsal, docs/venue.md "Rehearse with
 * simulated players"): the server runs N simulated players — the bots of `npm run bots`
 * (bot-swarm.ts), in this process — in a game that is enabled, has no question sent and no player or
 * answer yet, so the operator can run the whole show with the display.
 *
 * - Marked in the database: trivia_games.rehearsal_players (0 when none). While it is above 0 every
 *   player of the game is a bot: the join (live/join.ts) admits only the rehearsal's own bots, and a
 *   phone is told 彩排進行中 / a rehearsal is under way.
 * - The bots are admitted by that same join, in process (the player API refuses joins during a
 *   rehearsal); everything after it goes the phones' way: a ticket over HTTP, the WebSocket, answers
 *   over it — to this server's own listening address on the loopback.
 * - Its end, whatever ends it — the operator (stop), the game's end (gameFlow 5 or closed by update:
 *   heard on the bus), a reset, the time limit, or this server starting again — deletes its players,
 *   answers and rankings and puts every question back as /triviaGame/reset does (live/reset.ts), so
 *   results, exports and winners never hold rehearsal data. The operator's start and stop are in the
 *   audit trail as their requests; an end the server decides is written there by the server.
 * - One process runs a game's bots: the instance that started it. An instance starting ends every
 *   rehearsal it finds marked (their bots were in a process that is gone).
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { components } from '@openapi/admin-api';
import { dateOf } from '../../lib/clock.js';
import { ApiError, businessError, recordNotFound } from '../../lib/envelope.js';
import type { RealtimeEvent } from '../../realtime/bus.js';
import { insertEntry } from '../audit/queries.js';
import { requireControl } from '../live/control/lease.js';
import { join, REHEARSAL_BOT } from '../live/answers/join.js';
import * as q from '../live/queries.js';
import { GAME_RESET_EVENT, resetGame, type ResetResult } from '../live/flow/reset.js';
import { parseGameTopic } from '../live/realtime.js';
import { gameTopic, scoringQuestion } from '../live/views.js';
import { botAnswer, DEFAULT_RIGHT_RATE, randomAnswer, type ShownQuestion } from './bot-rules.js';
import { BotSwarm, MAX_REHEARSAL_PLAYERS } from './bot-swarm.js';
import * as rq from './queries.js';

export type RehearsalState = components['schemas']['RehearsalState'];

/** The event of a rehearsal's start, progress and end (operator topic). */
export const REHEARSAL_EVENT = 'server.rehearsal';
/** A rehearsal forgotten on the stage ends by itself after this long. */
export const REHEARSAL_MAX_MS = 3 * 60 * 60_000;
/** Bots' nicknames: "Bot 1" … "Bot 2000" (as `npm run bots`). */
export const BOT_PREFIX = 'Bot ';
/** How often, at most, the joined count is published while bots join. */
const PROGRESS_EVERY_MS = 500;

interface Running {
  companyId: number;
  players: number;
  swarm: BotSwarm;
  startedBy: { adminId: number; username: string };
  timer: NodeJS.Timeout;
  lastProgress: number;
  progressTimer: NodeJS.Timeout | null;
}

export interface StopOutcome {
  state: RehearsalState;
  reset: ResetResult;
}

export const rehearsalEvent = (state: RehearsalState): RealtimeEvent => ({ topic: gameTopic(state.trivia_game_id, 'operator'), type: REHEARSAL_EVENT, data: state });

const stopped = (gameId: number): RehearsalState => ({ trivia_game_id: gameId, players: 0, joined: 0 });

/** The address the bots reach this server at: its own listening address, on the loopback. */
export function loopbackUrl(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const host = address.address === '0.0.0.0' || address.address === '' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

export class Rehearsals {
  private readonly running = new Map<number, Running>();

  constructor(private readonly app: FastifyInstance) {}

  /** A game's rehearsal as this instance knows it (players 0 when none runs here). */
  stateOf(gameId: number): RehearsalState {
    const run = this.running.get(gameId);
    return run ? { trivia_game_id: gameId, players: run.players, joined: run.swarm.stats.joined } : stopped(gameId);
  }

  /** Starts `players` bots in the company's game (the refusals in the order an operator fixes them). */
  async start(
    companyId: number,
    adminId: number,
    input: { trivia_game_id: number; players: number; right_rate?: number | undefined; screen_id?: string | null },
  ): Promise<RehearsalState> {
    const url = loopbackUrl(this.app.server.address());
    if (!url) throw businessError('rehearsal.notListening');
    const now = dateOf(this.app.clock);
    const game = await this.app.db.transaction(async (tx) => {
      const game = await q.lockGame(tx, companyId, input.trivia_game_id);
      if (!game) throw recordNotFound();
      await requireControl(tx, game.id, input.screen_id ?? null, adminId, now);
      if (game.rehearsalPlayers > 0 || this.running.has(game.id)) throw businessError('rehearsal.alreadyRunning', { players: game.rehearsalPlayers });
      if (game.status !== 1) throw businessError('rehearsal.gameNotOpen');
      if (await q.anyQuestionSent(tx, game.id)) throw businessError('rehearsal.gameUnderWay');
      const answered = await rq.anyAnswer(tx, game.id);
      if (game.playerCount > 0 || answered) throw businessError('rehearsal.hasPlayers', { players: game.playerCount });
      if (input.players > MAX_REHEARSAL_PLAYERS) throw businessError('rehearsal.tooMany', { max: MAX_REHEARSAL_PLAYERS });
      if (input.players > game.playerCap) throw businessError('rehearsal.overCap', { cap: game.playerCap });
      await rq.markRehearsal(tx, game.id, input.players, now);
      return game;
    });
    const username = await rq.usernameOf(this.app.db, adminId);
    this.launch(game, input.players, input.right_rate ?? DEFAULT_RIGHT_RATE, url, { adminId, username: username ?? '' });
    const state = this.stateOf(game.id);
    await this.app.live.events.publishAll([rehearsalEvent(state)]);
    return state;
  }

  /**
   * The bots join (in process), then connect and play until the rehearsal ends. Unlike a phone they
   * know each question's answer (read here, once per question) and answer right at `rightRate`.
   */
  private launch(game: q.GameRow, players: number, rightRate: number, url: string, startedBy: Running['startedBy']): void {
    const questions = new Map<number, Promise<q.QuestionRow | undefined>>();
    const answerWith = async (shown: ShownQuestion) => {
      if (!questions.has(shown.questionId)) questions.set(shown.questionId, q.questionOfGame(this.app.db, game.id, shown.questionId));
      const question = await questions.get(shown.questionId);
      return question ? botAnswer(scoringQuestion(game, question), rightRate) : randomAnswer(shown);
    };
    const swarm = new BotSwarm({
      url,
      pin: game.pin,
      players,
      nicknamePrefix: BOT_PREFIX,
      concurrency: 16,
      maxSockets: 16,
      joinBot: async (nickname) => {
        const joined = await join(this.app.db, 'en', { pin: game.pin, nickname, [REHEARSAL_BOT]: true }, dateOf(this.app.clock));
        this.app.live.players.joined(joined.player);
        this.app.live.events.playerJoined(joined.game.id);
        return { playerId: joined.player.id, token: joined.token };
      },
      onJoined: () => this.progress(game.id),
      answerWith,
    });
    const timer = setTimeout(() => void this.end(game.id, 'time limit reached'), REHEARSAL_MAX_MS);
    timer.unref();
    this.running.set(game.id, { companyId: game.companyId, players, swarm, startedBy, timer, lastProgress: 0, progressTimer: null });
    void (async () => {
      await swarm.join();
      if (this.running.get(game.id)?.swarm !== swarm) return;
      await this.publishState(game.id);
      await swarm.connect();
      if (swarm.stats.lastError) this.app.log.warn({ gameId: game.id, errors: swarm.stats.errors, lastError: swarm.stats.lastError }, 'rehearsal bots had errors');
    })().catch((error: unknown) => this.app.log.warn({ err: error, gameId: game.id }, 'rehearsal bots failed'));
  }

  /** The joined count, at most every PROGRESS_EVERY_MS (and once more after the last join). */
  private progress(gameId: number): void {
    const run = this.running.get(gameId);
    if (!run || run.progressTimer) return;
    const wait = Math.max(0, run.lastProgress + PROGRESS_EVERY_MS - Date.now());
    run.progressTimer = setTimeout(() => {
      run.progressTimer = null;
      run.lastProgress = Date.now();
      void this.publishState(gameId);
    }, wait);
  }

  private async publishState(gameId: number): Promise<void> {
    if (!this.running.has(gameId)) return;
    await this.app.live.events.publishAll([rehearsalEvent(this.stateOf(gameId))]);
  }

  /**
   * The operator stops the company's rehearsal: its players, answers and rankings deleted and every
   * question back to not sent, in one transaction (refused while a question is on screen), then the
   * bots leave.
   */
  async stop(companyId: number, adminId: number, input: { trivia_game_id: number; screen_id?: string | null }): Promise<StopOutcome> {
    const now = dateOf(this.app.clock);
    const reset = await resetGame(this.app.db, companyId, input.trivia_game_id, now, async (tx, game) => {
      await requireControl(tx, game.id, input.screen_id ?? null, adminId, now);
      if (game.rehearsalPlayers === 0) throw businessError('rehearsal.notRunning');
      if (await q.liveQuestion(tx, game.id)) throw businessError('rehearsal.questionOnScreen');
    });
    await this.afterEnd(input.trivia_game_id, reset);
    return { state: stopped(input.trivia_game_id), reset };
  }

  /**
   * A rehearsal the server ends (the game ended, the time limit, a restart): the same clean-up as a
   * stop, written to the audit trail by the server in the name of who started it.
   */
  async end(gameId: number, reason: string, companyId = this.running.get(gameId)?.companyId): Promise<void> {
    if (companyId === undefined) return;
    const startedBy = this.running.get(gameId)?.startedBy ?? { adminId: null, username: 'server' };
    try {
      const reset = await resetGame(this.app.db, companyId, gameId, dateOf(this.app.clock), async (_tx, game) => {
        if (game.rehearsalPlayers === 0) throw businessError('rehearsal.notRunning');
      });
      await this.afterEnd(gameId, reset);
      await insertEntry(
        this.app.db,
        {
          adminId: startedBy.adminId,
          username: startedBy.username,
          companyId,
          operation: 'triviaGameRehearsal',
          targetType: 'triviaGame',
          targetId: String(gameId),
          summary: `end: ${reason}; deleted ${reset.players} players, ${reset.answers} answers, ${reset.rankings} rankings`,
          ip: '',
          userAgent: '',
        },
        'success',
        200,
      );
    } catch (error) {
      // Already ended (stopped, reset) meanwhile, or the game is gone: its bots leave all the same.
      await this.leave(gameId);
      if (!(error instanceof ApiError)) this.app.log.warn({ err: error, gameId }, 'a rehearsal could not be ended');
    }
  }

  /** After the commit: screens and phones hear the reset and the end, then the bots leave. */
  private async afterEnd(gameId: number, reset: ResetResult): Promise<void> {
    await this.app.live.events.publishAll([...reset.events, rehearsalEvent(stopped(gameId))]);
    await this.leave(gameId);
  }

  /** This instance's bots of the game leave (nothing in the database). */
  async leave(gameId: number): Promise<void> {
    const run = this.running.get(gameId);
    if (!run) return;
    this.running.delete(gameId);
    clearTimeout(run.timer);
    if (run.progressTimer) clearTimeout(run.progressTimer);
    await run.swarm.stop();
  }

  /** Rehearsals marked in the database with no bots (this server started again): ended and cleaned. */
  async endOrphans(): Promise<number> {
    const rows = await rq.rehearsedGames(this.app.db);
    for (const row of rows) if (!this.running.has(row.id)) await this.end(row.id, 'the server started again', row.companyId);
    return rows.length;
  }

  /** What the bus says about games this instance rehearses: their end ends the rehearsal; a reset sends the bots away. */
  hear(event: RealtimeEvent): void {
    const topic = parseGameTopic(event.topic);
    if (!topic || topic.audience !== 'operator' || !this.running.has(topic.gameId)) return;
    if (event.type === 'server.gameEnded') void this.end(topic.gameId, 'the game ended');
    // Reset by /triviaGame/reset (or by this rehearsal's own end): the rehearsal is over.
    else if (event.type === GAME_RESET_EVENT) void this.leave(topic.gameId).then(() => this.app.live.events.publishAll([rehearsalEvent(stopped(topic.gameId))]));
  }

  async close(): Promise<void> {
    for (const gameId of [...this.running.keys()]) await this.leave(gameId);
  }
}
