/**
 * The autopilot (docs/game-rules.md, "Autopilot"): with a game's `auto_advance` on, the server takes
 * each game-flow step when its time comes, whether or not a control screen is open. What the step is
 * and when it is due are the machines' rules (machines/game/next-step.ts, machines/game/autopilot.ts),
 * read from the game's rows by ./autopilot-state.ts.
 *
 * Every instance keeps one timer per game whose autopilot runs, set to the next step's due time: from
 * `server.autopilot` heard on the bus (its `due_at`), from a step event heard for a game it follows (a
 * step whose taker died before saying when the next is due: the game is read again), and at start for
 * every enabled game with the autopilot on (a restart resumes the show). At the timer it reads the
 * game again and takes the step only if it is still that step and due; the step then runs as the
 * operator's does (flow.gameFlow, no caller) with a guard checked under the game's row lock: no step
 * taken since, the clock neither paused nor changed. Of the instances racing it, one applies it, and
 * only that one writes the audit entry (taken by `autopilot`, no admin) and publishes the new state.
 *
 * Whoever applies a step of a game with the autopilot on publishes `server.autopilot` after it
 * (`stepTaken`: the operator's gameFlow, the deadline watch, this), as do a pause, a resume and a
 * change of the settings. Time is the app's clock (`app.clock`), so a test drives it.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../lib/envelope.js';
import type { ClockTimer } from '../../../lib/clock.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import { insertEntry } from '../../audit/queries.js';
import { autopilotDueAt } from '../../../../../machines/game/autopilot.js';
import { sameNextStep, type NextStep } from '../../../../../machines/game/next-step.js';
import type { GameFlowStep } from '../../../../../machines/question/types.js';
import { parseGameTopic } from '../realtime.js';
import * as q from '../queries.js';
import { gameFlow, type StepGuard } from './flow.js';
import { GAME_RESET_EVENT } from './reset.js';
import { AUTOPILOT_EVENT, autopilotEvent, clockFacts, readAutopilot, type AutopilotReading, type AutopilotState } from './autopilot-state.js';

/** The step events after which a followed game is read again. */
const STEP_EVENTS = new Set(['server.questionShown', 'server.answerPublished', 'server.rankingPublished', 'server.gameEnded', GAME_RESET_EVENT]);

/** The audit trail's words for a step. */
const STEP_NAMES: Record<GameFlowStep, string> = { 2: 'show the question', 3: 'publish the answer', 4: 'publish the ranking', 5: 'end the game' };

/** The audit trail's summary of a step the autopilot took. */
export function autopilotSummary(step: NextStep, title: string | null): string {
  const question = step.questionId === null ? '' : `, question ${step.questionId}${title ? ` (${title})` : ''}`;
  return `autopilot: step ${step.type} ${STEP_NAMES[step.type]}${question}`;
}

export class Autopilot {
  /** The games followed (autopilot on, not ended), with the timer of their next step when one is due. */
  private readonly games = new Map<number, ClockTimer | null>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly app: FastifyInstance) {}

  /** A bus listener: schedules from `server.autopilot`, reads a followed game again after its steps. */
  hear(event: RealtimeEvent): void {
    const topic = parseGameTopic(event.topic);
    // Both topics carry the steps; the operator's carries them all.
    if (topic?.audience !== 'operator') return;
    if (event.type === AUTOPILOT_EVENT) this.schedule(event.data as AutopilotState);
    else if (STEP_EVENTS.has(event.type) && this.games.has(topic.gameId)) this.track(this.refresh(topic.gameId));
  }

  /** Follows every enabled game with the autopilot on (at start). */
  async start(): Promise<void> {
    for (const game of await q.autopilotGames(this.app.db)) this.schedule((await readAutopilot(this.app.db, game)).state);
  }

  /**
   * After a step applied (by anyone) on a game with the autopilot on, and after its settings changed:
   * publishes the game's autopilot now, which every instance hears and schedules from.
   */
  async publishState(gameId: number): Promise<AutopilotState | null> {
    const game = await q.findGame(this.app.db, gameId);
    if (!game) return null;
    const { state } = await readAutopilot(this.app.db, game);
    await this.app.live.events.publishAll([autopilotEvent(state)]);
    return state;
  }

  /** The games followed now, and whether a step of theirs is timed (for tests). */
  get following(): Map<number, boolean> {
    return new Map([...this.games].map(([id, timer]) => [id, timer !== null]));
  }

  /** Resolves once what its timers and the events heard started is done (tests, after driving the clock). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.games.values()) if (timer) this.app.clock.clearTimeout(timer);
    this.games.clear();
    await Promise.all([...this.running]);
  }

  private track(work: Promise<unknown>): void {
    const run = work.finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private forget(gameId: number): void {
    const timer = this.games.get(gameId);
    if (timer) this.app.clock.clearTimeout(timer);
    this.games.delete(gameId);
  }

  /** Sets the game's timer from its state (none when the operator takes the next step or it is paused). */
  private schedule(state: AutopilotState): void {
    const gameId = state.trivia_game_id;
    this.forget(gameId);
    if (this.closed || state.state === 'off') return;
    const step = state.next_step ? { type: state.next_step.type, questionId: state.next_step.question_id } : null;
    const dueAt = state.due_at === null ? NaN : Date.parse(state.due_at);
    if (!step || !Number.isFinite(dueAt)) {
      this.games.set(gameId, null);
      return;
    }
    const { clock } = this.app;
    const timer = clock.setTimeout(() => {
      if (this.games.get(gameId) === timer) this.games.set(gameId, null);
      this.track(this.takeIfDue(gameId, step));
    }, Math.max(0, dueAt - clock.now()));
    // A timer never keeps the process alive.
    timer.unref();
    this.games.set(gameId, timer);
  }

  /** Reads the game again and schedules from what it finds. */
  private async refresh(gameId: number): Promise<void> {
    try {
      const game = await q.findGame(this.app.db, gameId);
      if (!game) return this.forget(gameId);
      this.schedule((await readAutopilot(this.app.db, game)).state);
    } catch (error) {
      this.app.log.error({ err: error, gameId }, 'the autopilot could not read the game');
    }
  }

  private async takeIfDue(gameId: number, expected: NextStep): Promise<void> {
    const { app } = this;
    try {
      const game = await q.findGame(app.db, gameId);
      if (!game) return this.forget(gameId);
      const reading = await readAutopilot(app.db, game);
      const now = app.clock.now();
      const step = reading.facts.step;
      // Not that step any more, or not due yet (resumed with time left): wait for the one now due.
      if (!step || !sameNextStep(step, expected) || reading.dueAt === null || now < reading.dueAt) return this.schedule(reading.state);
      const result = await gameFlow(
        app.db,
        game.companyId,
        { trivia_game_id: gameId, question_id: step.questionId, type: step.type },
        new Date(now),
        undefined,
        stillDue(game, reading, now),
      );
      await app.live.events.publishAll(result.events);
      // Not applied: someone took it first (or moved the game on); their events reschedule.
      if (!result.data.applied) return;
      await this.audit(game, step, reading.questionTitle);
      await this.publishState(gameId);
    } catch (error) {
      // A refusal means someone moved the game on meanwhile (ended it): their events reschedule.
      if (error instanceof ApiError) return;
      app.log.error({ err: error, gameId }, 'the autopilot could not take its step');
    }
  }

  private async audit(game: q.GameRow, step: NextStep, title: string | null): Promise<void> {
    await insertEntry(
      this.app.db,
      {
        adminId: null,
        username: 'autopilot',
        companyId: game.companyId,
        operation: 'triviaGameGameFlow',
        targetType: 'triviaGame',
        targetId: String(game.id),
        summary: autopilotSummary(step, title),
        ip: '',
        userAgent: '',
      },
      'success',
      200,
    ).catch((error: unknown) => this.app.log.warn({ err: error, gameId: game.id }, 'an autopilot audit entry could not be written'));
  }
}

/** The guard of the autopilot's step: under the game's lock, no step taken since the one read and the step still due. */
function stillDue(read: q.GameRow, reading: AutopilotReading, now: number): StepGuard {
  const lastStepAt = read.lastStepAt?.getTime() ?? null;
  return {
    stillDue(locked) {
      const clock = clockFacts(locked);
      if (clock.lastStepAt !== lastStepAt) return false;
      const due = autopilotDueAt({ ...reading.facts, ...clock });
      return due !== null && due <= now;
    },
  };
}
