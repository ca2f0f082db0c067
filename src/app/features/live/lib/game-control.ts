/**
 * The control screen's live game outside React: the game actor and one question actor per question
 * (machines/game, machines/question, with the browser's calls provided), the operator topic of the
 * real-time channel (`game:<id>:operator`) feeding both, and the few facts the charts do not hold
 * (the game's and questions' rows, the live question's answers per option, the current top 10).
 *
 * Where the truth comes from:
 * - statuses: the stored ones when the screen loads (a reload resumes where the game is), then the
 *   question actors' own calls and the server's events — whichever comes first moves the chart, so a
 *   double click, the countdown racing the button or a second open screen converge on one state;
 * - the remaining time of a question on screen: the server's (`remaining_ms` of the operator snapshot
 *   on load or reconnect, `deadline` of a step's answer or event), corrected by the server clock
 *   offset (lib/server-clock.ts);
 * - players, answers and the ranking: the server's events, never counted here.
 * It never decides a rule: a step the server refuses is shown by the API client and changes nothing.
 */
import type { components as PlayComponents } from '@openapi/play-api';
import { createActor, fromPromise } from 'xstate';
import { gameMachine, type GameActorRef } from '@machines/game/game.machine';
import type { GameInput, LoadedGame } from '@machines/game/types';
import { questionMachine, type QuestionActorRef } from '@machines/question/question.machine';
import { selectIsLive, selectStatus } from '@machines/question/selectors';
import type { QuestionCallInput, QuestionStatus, ShownTiming } from '@machines/question/types';
import { RealtimeClient, type RealtimeFrame } from '@/app/realtime/realtime-client';
import { devInspector } from '@/shared/dev-inspector';
import { type Game, type GameFlowData, type Question, type RankData, gameFlow, loadAllQuestions, loadGameDetail, loadRanking, realtimeTicket } from '../api/live-api';
import { ServerClock } from './server-clock';
import { isTimed } from '@/domain/timed';

type PlaySchemas = PlayComponents['schemas'];
type OperatorSnapshot = PlaySchemas['EventOperatorSnapshot'];

/** How long loading waits for the operator snapshot (the live question's remaining time) before going on without it. */
const SNAPSHOT_WAIT_MS = 4_000;

export interface LiveCounts {
  questionId: number;
  counts: Record<string, number>;
  total: number;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

/** What the screen draws besides the charts' states. Replaced (never mutated) on every change. */
export interface ControlData {
  game: Game | null;
  questions: readonly Question[];
  questionActors: ReadonlyMap<number, QuestionActorRef>;
  counts: LiveCounts | null;
  ranking: RankData | null;
  connection: ConnectionState;
  /** The game was ended by someone else (another screen) while this one was open. */
  endedElsewhere: boolean;
}

const timingOf = (data: GameFlowData): ShownTiming => ({
  deadline: data.question?.deadline ? Date.parse(data.question.deadline) : null,
  serverTime: Date.parse(data.server_time),
});

export class GameControl {
  readonly gameActor: GameActorRef;
  private readonly realtime: RealtimeClient;
  private readonly clock = new ServerClock();
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: Array<() => void> = [];
  private questionCleanups: Array<() => void> = [];
  private data: ControlData = {
    game: null,
    questions: [],
    questionActors: new Map(),
    counts: null,
    ranking: null,
    connection: 'connecting',
    endedElsewhere: false,
  };
  private snapshot: { value: OperatorSnapshot; receivedAt: number } | null = null;
  private snapshotWaiters: Array<() => void> = [];
  private loaded = false;
  private stopped = false;
  /** The operator confirmed 確定要結束遊戲嗎？ on this screen (then the screen goes back to the list). */
  endRequested = false;
  /**
   * The admin holds `triviaGame.control`. Without it the screen only watches: at zero its countdown
   * waits for the server's `answerPublished` (sent when the operator's screen publishes, or by the
   * server itself 3 s past the deadline) instead of calling a step the server would refuse.
   */
  canControl = true;

  /**
   * `onReset`: the game was reset after a rehearsal (`server.gameReset`). Statuses here only move
   * forward, so the owner starts a fresh GameControl (hooks/use-game-control.ts) instead.
   */
  constructor(
    readonly gameId: number,
    private readonly onReset: () => void = () => undefined,
  ) {
    this.realtime = new RealtimeClient({ getTicket: realtimeTicket });
    this.gameActor = createActor(
      gameMachine.provide({
        actors: {
          loadGame: fromPromise<LoadedGame, GameInput>(({ input }) => this.load(input.gameId)),
          endGame: fromPromise<unknown, GameInput>(async ({ input }) => {
            try {
              return await gameFlow(input.gameId, null, 5);
            } catch (error) {
              this.endRequested = false; // refused: the screen stays, and a later end elsewhere is not ours
              throw error;
            }
          }),
        },
        actions: {
          forwardShow: (_, params: { questionId: number }) => this.data.questionActors.get(params.questionId)?.send({ type: 'host.showQuestion' }),
        },
      }),
      { input: { gameId }, inspect: devInspector },
    );
  }

  start(): void {
    const topic = `game:${this.gameId}:operator`;
    this.cleanups.push(this.realtime.subscribe(topic, (frame) => this.onFrame(frame)));
    this.cleanups.push(this.realtime.on('pong', () => this.clock.setMeasuredOffset(this.realtime.serverNow() - Date.now())));
    this.cleanups.push(this.realtime.on('ready', () => this.update({ connection: 'open' })));
    this.cleanups.push(
      this.realtime.on('refused', (frame) => {
        if (frame.topic === topic) this.update({ connection: 'closed' });
      }),
    );
    // The client reconnects by itself; the screen shows whether it is connected now.
    const watch = window.setInterval(() => {
      const connection: ConnectionState = this.realtime.state === 'open' ? 'open' : this.realtime.state === 'closed' ? 'closed' : 'connecting';
      if (connection !== this.data.connection && !(connection === 'open' && this.data.connection === 'closed')) this.update({ connection });
    }, 1_000);
    this.cleanups.push(() => window.clearInterval(watch));
    this.realtime.start();
    this.gameActor.start();
  }

  stop(): void {
    this.stopped = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.stopQuestions();
    this.realtime.stop();
    this.gameActor.stop();
    for (const wake of this.snapshotWaiters.splice(0)) wake();
  }

  // ------------------------------------------------------------------ store for React

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getData = (): ControlData => this.data;

  private update(patch: Partial<ControlData>): void {
    if (this.stopped) return;
    this.data = { ...this.data, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The operator pressed 確定 in the end-game confirmation. */
  confirmEnd(): void {
    this.endRequested = true;
    this.gameActor.send({ type: 'host.confirm' });
  }

  // ------------------------------------------------------------------ loading

  private async load(gameId: number): Promise<LoadedGame> {
    this.loaded = false;
    const [game, questions] = await Promise.all([loadGameDetail(gameId), loadAllQuestions(gameId), this.waitForSnapshot()]);
    // The screen was left while loading: start no question actor (a countdown nobody sees must not publish).
    if (this.stopped) throw new Error('the control screen was closed');
    const snapshot = this.snapshot;
    const live = snapshot?.value.live_question ?? null;
    this.stopQuestions();
    const actors = new Map<number, QuestionActorRef>();
    const loadedQuestions: LoadedGame['questions'] = [];
    for (const question of questions) {
      let status = question.status as QuestionStatus;
      let remainingMs: number | null | undefined;
      if (live && live.question_id === question.id && snapshot) {
        status = Math.max(status, 1) as QuestionStatus;
        remainingMs = live.remaining_ms === null ? null : live.remaining_ms - (Date.now() - snapshot.receivedAt);
      }
      actors.set(question.id, this.createQuestionActor(game, question, status, remainingMs));
      loadedQuestions.push({ id: question.id, status });
    }
    this.loaded = true;
    this.update({
      game,
      questions,
      questionActors: actors,
      counts: live ? { questionId: live.question_id, counts: live.counts, total: live.total } : this.data.counts,
    });
    void this.refreshRanking();
    return { status: game.status === 0 ? 0 : 1, questions: loadedQuestions, playerCount: snapshot?.value.game.player_count ?? 0 };
  }

  /** Resolves when the first operator snapshot arrived, or after SNAPSHOT_WAIT_MS without one. */
  private waitForSnapshot(): Promise<void> {
    if (this.snapshot) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = window.setTimeout(done, SNAPSHOT_WAIT_MS);
      function done() {
        window.clearTimeout(timer);
        resolve();
      }
      this.snapshotWaiters.push(done);
    });
  }

  private createQuestionActor(game: Game, question: Question, status: QuestionStatus, remainingMs: number | null | undefined): QuestionActorRef {
    const gameId = this.gameId;
    const actor = createActor(
      questionMachine.provide({
        actors: {
          showQuestion: fromPromise<ShownTiming, QuestionCallInput>(async ({ input }) => {
            const data = await gameFlow(gameId, input.questionId, 2);
            this.clock.observe(data.server_time);
            return timingOf(data);
          }),
          publishAnswer: fromPromise<unknown, QuestionCallInput>(({ input }) =>
            this.canControl ? gameFlow(gameId, input.questionId, 3) : new Promise<never>(() => undefined),
          ),
          publishRanking: fromPromise<unknown, QuestionCallInput>(async ({ input }) => {
            const data = await gameFlow(gameId, input.questionId, 4);
            if (data.ranking) this.update({ ranking: data.ranking });
            return data;
          }),
        },
      }),
      {
        input: {
          questionId: question.id,
          status,
          timed: isTimed(game.type, question.have_answering_time),
          answeringSeconds: question.answering_time,
          ...(remainingMs === undefined ? {} : { remainingMs }),
        },
        inspect: devInspector,
      },
    );
    // The game keeps the rule that spans questions (one live at a time) from the questions' reports.
    let reported = selectStatus(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const now = selectStatus(snapshot);
      if (now === reported) return;
      reported = now;
      this.gameActor.send({ type: 'question.statusChanged', questionId: question.id, status: now });
    });
    actor.start();
    this.questionCleanups.push(() => {
      subscription.unsubscribe();
      actor.stop();
    });
    return actor;
  }

  private stopQuestions(): void {
    for (const cleanup of this.questionCleanups.splice(0)) cleanup();
  }

  private async refreshRanking(): Promise<void> {
    try {
      const ranking = await loadRanking(this.gameId);
      this.update({ ranking });
    } catch {
      // shown by the API client; the panel keeps the last ranking
    }
  }

  // ------------------------------------------------------------------ the operator topic

  private onFrame(frame: RealtimeFrame): void {
    const data = frame.data as Record<string, unknown> | undefined;
    if (!data) return;
    switch (frame.type) {
      case 'server.snapshot':
        this.applySnapshot(data as unknown as OperatorSnapshot);
        break;
      case 'server.questionShown': {
        const event = data as unknown as PlaySchemas['EventQuestionShown'];
        const questionId = event.question_id;
        this.data.questionActors.get(questionId)?.send({
          type: 'server.questionShown',
          deadline: event.deadline ? Date.parse(event.deadline) : null,
          serverTime: this.clock.now(),
        });
        this.gameActor.send({ type: 'server.questionShown', questionId });
        this.update({ counts: { questionId, counts: {}, total: 0 } });
        break;
      }
      case 'server.answerCount': {
        const event = data as unknown as PlaySchemas['EventAnswerCount'];
        this.update({ counts: { questionId: event.question_id, counts: event.counts, total: event.total } });
        break;
      }
      case 'server.answerPublished': {
        const event = data as unknown as PlaySchemas['EventAnswerPublished'];
        this.data.questionActors.get(event.question_id)?.send({ type: 'server.answerPublished' });
        this.gameActor.send({ type: 'server.answerPublished', questionId: event.question_id });
        this.update({ counts: { questionId: event.question_id, counts: event.counts, total: event.total } });
        void this.refreshRanking();
        break;
      }
      case 'server.rankingPublished': {
        const event = data as unknown as PlaySchemas['EventRankingPublished'];
        if (event.question_id !== null) {
          this.data.questionActors.get(event.question_id)?.send({ type: 'server.rankingPublished' });
          this.gameActor.send({ type: 'server.rankingPublished', questionId: event.question_id });
        }
        this.update({ ranking: { list: event.list, total: event.total } });
        break;
      }
      case 'server.playerJoined': {
        const event = data as unknown as PlaySchemas['EventPlayerJoined'];
        this.gameActor.send({ type: 'server.playerJoined', count: event.count });
        break;
      }
      case 'server.gameEnded':
        if (!this.endRequested) this.update({ endedElsewhere: true });
        this.gameActor.send({ type: 'server.gameEnded' });
        break;
      case 'server.gameReset':
        this.onReset();
        break;
    }
  }

  /** The state on (re)subscribing: resynchronises players, the live question's countdown and its answers. */
  private applySnapshot(value: OperatorSnapshot): void {
    const receivedAt = Date.now();
    this.snapshot = { value, receivedAt };
    this.update({ connection: 'open' });
    for (const wake of this.snapshotWaiters.splice(0)) wake();
    this.gameActor.send({ type: 'server.playerJoined', count: value.game.player_count });
    if (!this.loaded) return;
    const live = value.live_question;
    for (const [id, actor] of this.data.questionActors) {
      if (live && id === live.question_id) {
        actor.send({ type: 'server.questionShown', deadline: live.remaining_ms === null ? null : receivedAt + live.remaining_ms, serverTime: receivedAt });
        this.gameActor.send({ type: 'server.questionShown', questionId: id });
      } else if (selectIsLive(actor.getSnapshot())) {
        // The server has no question on screen (or another one): this one was published meanwhile.
        actor.send({ type: 'server.answerPublished' });
        this.gameActor.send({ type: 'server.answerPublished', questionId: id });
      }
    }
    if (live) this.update({ counts: { questionId: live.question_id, counts: live.counts, total: live.total } });
    if (value.game.status === 0) {
      if (!this.endRequested) this.update({ endedElsewhere: true });
      this.gameActor.send({ type: 'server.gameEnded' });
    }
  }
}
