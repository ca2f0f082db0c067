/**
 * The server publishes a timed question's answer when its countdown ran out and nobody else did.
 *
 * The control screen's countdown publishes at zero (docs/product.md), but a control
 * screen can be closed, asleep or offline at that moment, and the audience would then wait on "time's
 * up" until an operator comes back. Timing is the server's alone, so every instance also
 * watches the deadline of each question on screen: `afterMs` past it (past the answers' 500 ms
 * grace, leaving the control screen time to do it first), it runs the same game-flow step 3 as the
 * operator's button (flow.gameFlow). That step applies exactly once whoever sends it, so the
 * control screen, this watch and the other instances' watches can all race it harmlessly.
 *
 * A question is watched when its `server.questionShown` event is heard on the bus (this instance's
 * steps and other instances', so a step handled by an instance that died is still watched), and at
 * start for every question on screen (a restart). Untimed questions (type 2 without a time limit)
 * are never published by the server. It decides nothing else and never publishes early: at the timer
 * it reads the question again and waits longer if its deadline is not past.
 *
 * Time is the app's clock (`app.clock`, lib/clock.ts): its now and its timers, so a test drives the
 * deadline instead of sleeping through it.
 */
import type { FastifyInstance } from 'fastify';
import { ANSWER_GRACE_MS } from '../../../../domain/scoring.js';
import { ApiError } from '../../../lib/envelope.js';
import { dateOf, type ClockTimer } from '../../../lib/clock.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import { parseGameTopic } from '../realtime.js';
import * as q from '../queries.js';
import { gameFlow } from './flow.js';
import { deadlineOf } from '../views.js';

/** How long after a deadline the server publishes if nobody did: the grace, then 2.5 s for the control screen. */
export const AUTO_PUBLISH_AFTER_MS = ANSWER_GRACE_MS + 2_500;

export class DeadlineWatch {
  private readonly timers = new Map<number, ClockTimer>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly afterMs = AUTO_PUBLISH_AFTER_MS,
  ) {}

  /** Watches the questions shown in the events (a bus listener). */
  hear(event: RealtimeEvent): void {
    if (event.type !== 'server.questionShown') return;
    const topic = parseGameTopic(event.topic);
    // Both topics carry the event; one is enough.
    if (topic?.audience !== 'operator') return;
    const data = event.data as { question_id?: unknown; deadline?: unknown };
    if (typeof data.question_id !== 'number' || typeof data.deadline !== 'string') return;
    this.watch(topic.gameId, data.question_id, Date.parse(data.deadline));
  }

  /** Watches every timed question on screen now (at start). */
  async watchOnScreen(): Promise<void> {
    for (const { game, question } of await q.questionsOnScreen(this.app.db)) {
      const deadline = deadlineOf(game, question);
      if (deadline) this.watch(game.id, question.id, deadline.getTime());
    }
  }

  /** Questions watched now (for tests). */
  get watching(): number[] {
    return [...this.timers.keys()];
  }

  /** Resolves once the publications its timers started are done (tests, after driving the clock). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) this.app.clock.clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }

  private watch(gameId: number, questionId: number, deadlineMs: number): void {
    if (this.closed || !Number.isFinite(deadlineMs)) return;
    const { clock } = this.app;
    clock.clearTimeout(this.timers.get(questionId));
    const timer = clock.setTimeout(() => {
      this.timers.delete(questionId);
      const run = this.publishIfDue(gameId, questionId).finally(() => this.running.delete(run));
      this.running.add(run);
    }, Math.max(0, deadlineMs + this.afterMs - clock.now()));
    // A watch never keeps the process alive.
    timer.unref();
    this.timers.set(questionId, timer);
  }

  private async publishIfDue(gameId: number, questionId: number): Promise<void> {
    const { app } = this;
    try {
      const game = await q.findGame(app.db, gameId);
      const question = game ? await q.questionOfGame(app.db, gameId, questionId) : undefined;
      if (!game || game.status !== 1 || question?.status !== 1) return;
      const deadline = deadlineOf(game, question);
      if (!deadline) return;
      if (app.clock.now() < deadline.getTime() + this.afterMs) return this.watch(gameId, questionId, deadline.getTime());
      const result = await gameFlow(app.db, game.companyId, { trivia_game_id: gameId, question_id: questionId, type: 3 }, dateOf(app.clock));
      await app.live.events.publishAll(result.events);
      if (result.data.applied && result.autopilotOn) await app.live.autopilot.publishState(gameId);
      if (result.data.applied) app.log.info({ gameId, questionId }, 'answer published by the server at the deadline (no control screen did)');
    } catch (error) {
      // A refusal means someone moved the game on meanwhile (ended it): nothing is left to do.
      if (error instanceof ApiError) return;
      app.log.error({ err: error, gameId, questionId }, 'the answer could not be published at the deadline');
    }
  }
}
