/**
 * Game-flow steps (`POST /triviaGame/gameFlow`: 2 show, 3 publish the answer, 4 publish the ranking,
 * 5 end), checked against the same statecharts that draw the control screen's buttons
 * (machines/game/steps.ts), docs/game-rules.md.
 *
 * Races, and who wins: every step runs in one transaction that first locks the game's row (FOR NO
 * KEY UPDATE: it excludes other steps and joins of the game, not the answers' foreign-key checks).
 * The step is decided on the statuses read under that lock, so of N identical steps sent at once
 * exactly one applies it; the others then find its result and answer `applied: false` (code 200, a
 * message saying it was already done). The UPDATEs are conditional as well (… where status =
 * expected), and a partial unique index keeps one question on screen per game whatever happens.
 * Returns data and the real-time events to publish after the commit; never publishes itself.
 * A content slide (a kind that takes no answers) on screen does not hold the game: showing another
 * question closes it first, in the same transaction (docs/game-rules.md, "Content slides").
 */
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import type { StoredRankEntry } from '../../../db/schema.js';
import type { MessageKey } from '../../../i18n.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import { resolveGameFlowStep, type StepRefusal } from '../../../../../machines/game/steps.js';
import type { GameFlowStep, QuestionStatus } from '../../../../../machines/question/types.js';
import { kindOf } from '../../../../domain/question-kinds/index.js';
import * as q from '../queries.js';
import { requireControl } from '../control/lease.js';
import { finishGame, publishAndScore, publishRanking } from './publication.js';
import { deadlineOf, iso, isoOrNull, publicQuestion, rankingSummary, toBothTopics, TOP, type PlaySchemas } from '../views.js';

/** Above this size a questionShown event leaves the question out (NOTIFY carries < 8000 bytes). */
const MAX_EVENT_BYTES = 6000;

export interface GameFlowInput {
  trivia_game_id: number;
  question_id?: number | null;
  type: GameFlowStep;
  /** The control screen that sends the step (control/lease.ts). */
  screen_id?: string;
}

/** Who sends a step: an admin (checked against the game's control lease); none for the server's own steps. */
export interface StepCaller {
  adminId: number;
}

export interface FlowResult {
  data: {
    applied: boolean;
    question?: { id: number; status: QuestionStatus; shown_at: string | null; deadline: string | null };
    ranking?: { list: StoredRankEntry[]; total: number };
    server_time: string;
  };
  messageKey: MessageKey;
  events: RealtimeEvent[];
  /** Whether the game's autopilot is switched on (its state is published after an applied step: autopilot.ts). */
  autopilotOn: boolean;
}

/** A step the server takes by itself (the autopilot): taken only if `stillDue` holds for the game read under its lock. */
export interface StepGuard {
  stillDue(game: q.GameRow): boolean;
}

const REFUSALS: Record<StepRefusal, MessageKey> = {
  gameEnded: 'live.step.gameEnded',
  questionRequired: 'live.step.questionRequired',
  anotherQuestionLive: 'live.step.anotherQuestionLive',
  questionAlreadyPlayed: 'live.step.questionAlreadyPlayed',
  questionNotShown: 'live.step.questionNotShown',
  answerNotPublished: 'live.step.answerNotPublished',
};

/** A publication of the same ranking within this time of the last one is the same request (see step 4). */
export const REPEAT_RANKING_WITHIN_MS = 3_000;

const APPLIED: Record<GameFlowStep, MessageKey> = {
  2: 'live.flow.shown',
  3: 'live.flow.answerPublished',
  4: 'live.flow.rankingPublished',
  5: 'live.flow.gameEnded',
};
const ALREADY: Record<Exclude<GameFlowStep, 4>, MessageKey> = {
  2: 'live.flow.alreadyShown',
  3: 'live.flow.alreadyPublished',
  5: 'live.flow.alreadyEnded',
};

function flowQuestion(game: q.GameRow, question: q.QuestionRow): NonNullable<FlowResult['data']['question']> {
  return {
    id: question.id,
    status: question.status as QuestionStatus,
    shown_at: isoOrNull(question.shownAt),
    deadline: isoOrNull(deadlineOf(game, question)),
  };
}

/** The questionShown event: the question without its answer (left out when too large for an event). */
async function questionShownEvents(db: q.Queryable, game: q.GameRow, question: q.QuestionRow, now: Date): Promise<RealtimeEvent[]> {
  const data: PlaySchemas['EventQuestionShown'] = {
    question_id: question.id,
    question: publicQuestion(game, question, await q.levelNumber(db, question.levelId)),
    shown_at: iso(question.shownAt ?? now),
    deadline: isoOrNull(deadlineOf(game, question)),
    server_time: iso(now),
  };
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_EVENT_BYTES) data.question = null;
  return toBothTopics(game.id, 'server.questionShown', data);
}

export async function gameFlow(db: Db, companyId: number, input: GameFlowInput, now: Date, caller?: StepCaller, guard?: StepGuard): Promise<FlowResult> {
  return db.transaction(async (tx) => {
    const game = await q.lockGame(tx, companyId, input.trivia_game_id);
    if (!game) throw recordNotFound();
    if (caller) await requireControl(tx, game.id, input.screen_id ?? null, caller.adminId, now);
    const step = input.type;
    const autopilotOn = game.autoAdvance.enabled;
    // Someone moved the game on (or paused it) since the autopilot's timer was set: not its step any more.
    if (guard && !guard.stillDue(game)) {
      return { data: { applied: false, server_time: iso(now) }, messageKey: step === 4 ? 'live.flow.rankingJustPublished' : ALREADY[step], events: [], autopilotOn };
    }
    let question: q.QuestionRow | undefined;
    if (step !== 5 && input.question_id !== null && input.question_id !== undefined) {
      question = await q.questionOfGame(tx, game.id, input.question_id);
      if (!question) throw recordNotFound();
    }
    let live = await q.liveQuestion(tx, game.id);
    // Showing a question while a content slide is up moves on: the slide is closed first, in this
    // transaction, as if its answer were published (status 2: nothing to score, an empty reveal).
    const closing: RealtimeEvent[] = [];
    if (step === 2 && game.status === 1 && live && question?.status === 0 && live.id !== question.id && !kindOf(live.questionType).answerable) {
      closing.push(...(await publishAndScore(tx, game, live, now)).events);
      live = undefined;
    }
    const outcome = resolveGameFlowStep({
      step,
      game: { id: game.id, status: game.status === 0 ? 0 : 1, liveQuestionId: live?.id ?? null, anyQuestionSent: await q.anyQuestionSent(tx, game.id) },
      question: question ? { id: question.id, status: question.status as QuestionStatus } : null,
    });
    const serverTime = iso(now);

    if (outcome.kind === 'refused') throw businessError(REFUSALS[outcome.reason]);
    if (outcome.kind === 'already') {
      return {
        data: { applied: false, ...(question ? { question: flowQuestion(game, question) } : {}), server_time: serverTime },
        messageKey: ALREADY[step as Exclude<GameFlowStep, 4>],
        events: [],
        autopilotOn,
      };
    }

    switch (step) {
      case 2: {
        const shown = await q.showQuestion(tx, question!.id, now);
        if (!shown) throw businessError('live.step.questionAlreadyPlayed');
        // The question becomes the current one and takes the stage message off (no event: the question says it).
        await q.recordStep(tx, game, now, shown.id);
        return {
          data: { applied: true, question: flowQuestion(game, shown), server_time: serverTime },
          messageKey: APPLIED[2],
          events: [...closing, ...(await questionShownEvents(tx, game, shown, now))],
          autopilotOn,
        };
      }
      case 3: {
        const { row, events } = await publishAndScore(tx, game, question!, now);
        await q.recordStep(tx, game, now);
        return { data: { applied: true, question: flowQuestion(game, row), server_time: serverTime }, messageKey: APPLIED[3], events, autopilotOn };
      }
      case 4: {
        // Identical publications at once (a double click, two control screens, retries) take effect
        // once: a ranking of this question published moments ago, with nothing published since, is
        // the one this call asks for. A deliberate repeat later publishes again.
        const latest = await q.latestRanking(tx, game.id);
        if (latest && latest.questionId === question!.id && now.getTime() - latest.publishedAt.getTime() < REPEAT_RANKING_WITHIN_MS) {
          const summary = rankingSummary((await q.rankingSummary(tx, latest.id, TOP))!);
          return {
            data: { applied: false, question: flowQuestion(game, question!), ranking: { list: summary.list, total: summary.total }, server_time: serverTime },
            messageKey: 'live.flow.rankingJustPublished',
            events: [],
            autopilotOn,
          };
        }
        const { summary, events } = await publishRanking(tx, game, question!, now);
        const after = (await q.questionOfGame(tx, game.id, question!.id))!;
        await q.recordStep(tx, game, now);
        return {
          data: { applied: true, question: flowQuestion(game, after), ranking: { list: summary.list, total: summary.total }, server_time: serverTime },
          messageKey: APPLIED[4],
          events,
          autopilotOn,
        };
      }
      case 5: {
        const events = await finishGame(tx, game, now);
        await q.recordStep(tx, game, now);
        return { data: { applied: true, server_time: serverTime }, messageKey: APPLIED[5], events, autopilotOn };
      }
    }
  });
}

