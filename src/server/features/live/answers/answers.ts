/**
 * Answers (docs/game-rules.md, "Answers"): every rule an answer must pass, checked in the order a
 * player is told about them, and the group commit that stores them.
 *
 * Races: an answer holds a share lock on its question until it is committed; publishing the answer
 * updates that row, so it waits for the answers in flight and scores them all in its transaction
 * (publication.ts), and an answer that arrives after the publish finds the question closed. None is
 * acknowledged before its commit; none is left unscored. An answer is stored only if its player's row
 * exists at the insert (sql/answers.ts): a reset deletes players while their phones' tokens may still
 * be remembered for a moment, and an answer sent then is refused (202), never stored without its
 * player. Answers are group-committed
 * (AnswerBatcher, one per app: `app.live.answers`): those that arrive while a batch commits go
 * together in the next transaction, checked by the same rules.
 */
import { ApiError, ResponseCode, businessError } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import type { answers } from '../../../db/schema.js';
import type { MessageKey } from '../../../i18n.js';
import { checkAnswer as kindProblem, inAnsweringWindow, inOpenTime, mayAnswerLevel, normalizeAnswer, type AnswerProblem } from '../../../../domain/scoring.js';
import { sameStoredAnswer, type StoredAnswer } from '../../../../domain/question-kinds/index.js';
import * as q from '../queries.js';
import { deadlineOf, scoringQuestion, type PlaySchemas } from '../views.js';

export type AnswerRefusal = 'gameEnded' | 'notShown' | 'closed' | 'answered' | 'outsideOpenTime' | 'late' | 'levelNotReached';

/** Why an answer to `question` would be refused now, or null: the same rule for /answer and /state. */
export function answerRefusal(context: {
  game: q.GameRow;
  question: q.QuestionRow;
  answered: boolean;
  levelAllowed: boolean;
  now: number;
}): AnswerRefusal | null {
  const { game, question, now } = context;
  if (game.status !== 1) return 'gameEnded';
  if (question.status === 0) return 'notShown';
  if (question.status >= 2) return 'closed';
  if (context.answered) return 'answered';
  if (game.type === 2 && !inOpenTime({ startMs: game.startTime?.getTime() ?? null, endMs: game.endTime?.getTime() ?? null }, now)) return 'outsideOpenTime';
  if (!inAnsweringWindow(deadlineOf(game, question)?.getTime() ?? null, now)) return 'late';
  if (!context.levelAllowed) return 'levelNotReached';
  return null;
}

/** Whether the player reached the question's level (always, outside level games). */
async function levelAllowed(db: q.Queryable, game: q.GameRow, question: q.QuestionRow, playerId: number): Promise<boolean> {
  if (game.type !== 2) return true;
  const level = await q.levelNumber(db, question.levelId);
  if (level === null || level <= 1) return true;
  const levels = (await q.levelsOfGame(db, game.id)).map((l) => ({ level: l.level, promotionScore: l.promotionScore }));
  const { byLevel } = await q.playerScores(db, playerId);
  return mayAnswerLevel(levels, byLevel, level);
}

const ANSWER_MESSAGES: Record<AnswerProblem, MessageKey> = {
  empty: 'live.answer.empty',
  unknownOption: 'live.answer.unknownOption',
  repeated: 'live.answer.repeated',
  singleChoice: 'live.answer.singleChoice',
  incompleteOrder: 'live.answer.incompleteOrder',
  textLength: 'live.answer.textLength',
  outOfRange: 'live.answer.outOfRange',
  offStep: 'live.answer.offStep',
  wrongInput: 'live.answer.wrongInput',
  notAnswerable: 'live.answer.notAnswerable',
};
const REFUSAL_MESSAGES: Record<AnswerRefusal, MessageKey> = {
  gameEnded: 'live.answer.gameEnded',
  notShown: 'live.answer.notShown',
  closed: 'live.answer.closed',
  answered: 'live.answer.answered',
  outsideOpenTime: 'live.answer.outsideOpenTime',
  late: 'live.answer.late',
  levelNotReached: 'live.answer.levelNotReached',
};

/** Who answers: all an answer needs of the player (from a token, or from a player's WebSocket ticket). */
export type AnswerPlayer = Pick<q.PlayerIdentity, 'id' | 'triviaGameId'>;

/** What one answer asks for, and when it arrived (the server's receipt time, the only time scoring uses). */
interface AnswerRequest {
  player: AnswerPlayer;
  input: PlaySchemas['AnswerRequest'];
  receivedAt: Date;
}

/** Whether a player reached a question's level: one query each (alone) or read once for a batch. */
type LevelCheck = (game: q.GameRow, question: q.QuestionRow, playerId: number) => Promise<boolean>;

/**
 * The level check of a batch: levels and level numbers read once per game and question, and the
 * scores by level of the batch's players in one query, only if some answer is to a level above 1.
 */
function batchLevelCheck(tx: q.Queryable, playerIds: number[]): LevelCheck {
  const levelNumbers = new Map<number, Promise<number | null>>();
  const levelRules = new Map<number, Promise<Array<{ level: number; promotionScore: number | null }>>>();
  let scores: Promise<Map<number, Map<number, number>>> | null = null;
  return async (game, question, playerId) => {
    if (game.type !== 2 || question.levelId === null) return true;
    if (!levelNumbers.has(question.levelId)) levelNumbers.set(question.levelId, q.levelNumber(tx, question.levelId));
    const level = await levelNumbers.get(question.levelId)!;
    if (level === null || level <= 1) return true;
    if (!levelRules.has(game.id)) levelRules.set(game.id, q.levelsOfGame(tx, game.id));
    scores ??= q.playerScoresByLevel(tx, playerIds);
    return mayAnswerLevel(await levelRules.get(game.id)!, (await scores).get(playerId) ?? new Map(), level);
  };
}

/** The answer sent, as its question's kind would store it; null when the kind refuses it. */
function asStored(game: q.GameRow | undefined, question: q.QuestionRow | undefined, input: AnswerRequest['input']): StoredAnswer | null {
  if (!game || !question) return null;
  const rule = scoringQuestion(game, question);
  return kindProblem(rule, input) === null ? normalizeAnswer(rule, input) : null;
}

/**
 * The outcome of an answer when the player has one stored for the question already. The same stored
 * answer again (sameStoredAnswer: the choices in their order, the text, the value, as the kind stores
 * them) is a phone resending an answer whose acknowledgement it never received (a dead network, a
 * closed socket): it is answered with the stored answer (code 200), whatever happened since — the
 * question closed, the game ended — so no sequence of reconnects turns a stored answer into an error
 * on the phone; a different answer is still refused as answered (one answer per player and question).
 */
function repeatOutcome(stored: q.AnswerRow, request: AnswerRequest, question: q.QuestionRow | undefined, game: q.GameRow | undefined): AnswerOutcome {
  const sent = asStored(game, question, request.input);
  return sent !== null && sameStoredAnswer(stored, sent) ? { ok: stored } : { error: businessError(REFUSAL_MESSAGES.answered) };
}

/**
 * The answer as it would be stored, or a refusal (a thrown ApiError): every answer rule of docs/game-rules.md, in
 * the order a player is told about them. Only for a player without a stored answer to the question
 * (a repeat is settled before, repeatOutcome).
 */
async function checkAnswer(
  tx: q.Queryable,
  { player, input, receivedAt }: AnswerRequest,
  question: q.QuestionRow | undefined,
  game: q.GameRow | undefined,
  mayAnswer: LevelCheck = (g, qn, id) => levelAllowed(tx, g, qn, id),
): Promise<typeof answers.$inferInsert> {
  // The game was deleted (with its players) since this token was last looked up.
  if (!game) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'live.player.unknownToken');
  if (!question || question.triviaGameId !== player.triviaGameId) throw businessError('live.answer.unknownQuestion');
  const refusal = answerRefusal({ game, question, answered: false, levelAllowed: true, now: receivedAt.getTime() });
  if (refusal) throw businessError(REFUSAL_MESSAGES[refusal]);
  // The question's kind says what an answer is (choices, a text or a value; none for a content
  // slide); a stored type that is no kind throws (500).
  const rule = scoringQuestion(game, question);
  const problem = kindProblem(rule, input);
  if (problem) throw businessError(ANSWER_MESSAGES[problem]);
  if (!(await mayAnswer(game, question, player.id))) throw businessError(REFUSAL_MESSAGES.levelNotReached);
  const shownAt = question.shownAt ?? receivedAt;
  const answer = normalizeAnswer(rule, input);
  return {
    playerId: player.id,
    questionId: question.id,
    triviaGameId: game.id,
    choices: [...answer.choices],
    text: answer.text,
    value: answer.value,
    elapsedMs: Math.max(0, receivedAt.getTime() - shownAt.getTime()),
    receivedAt,
  };
}

/** One answer in its own transaction (the batch's fallback when a batch as a whole fails). */
async function storeOneAnswer(db: Db, request: AnswerRequest): Promise<q.AnswerRow> {
  return db.transaction(async (tx) => {
    const game = await q.findGame(tx, request.player.triviaGameId);
    const question = game ? await q.questionForAnswer(tx, request.player.triviaGameId, request.input.question_id) : undefined;
    const prior = question ? await q.answerOf(tx, request.player.id, question.id) : undefined;
    const outcome = prior ? repeatOutcome(prior, request, question, game) : await insertOne(tx, request, question, game);
    if ('error' in outcome) throw outcome.error;
    return outcome.ok;
  });
}

type AnswerOutcome = { ok: q.AnswerRow } | { error: unknown };

/**
 * The refusal of an answer whose player's row is gone at its insert (a reset deleted the player after
 * the phone's token was looked up, sql/answers.ts insertAnswers): never acknowledged, the phone is
 * sent back to joining (202), as every call of a deleted player is.
 */
const playerGone = (): AnswerOutcome => ({ error: new ApiError(200, ResponseCode.NEED_LOGIN, 'live.player.unknownToken') });

async function insertOne(tx: q.Queryable, request: AnswerRequest, question: q.QuestionRow | undefined, game: q.GameRow | undefined): Promise<AnswerOutcome> {
  const stored = await q.insertAnswer(tx, await checkAnswer(tx, request, question, game));
  if (stored) return { ok: stored };
  // The unique key (player, question): another answer of this player was stored at the same moment.
  // No such answer: the insert skipped it because the player is gone.
  const other = await q.answerOf(tx, request.player.id, request.input.question_id);
  return other ? repeatOutcome(other, request, question, game) : playerGone();
}

/**
 * A batch of answers in ONE transaction: the questions read (and share-locked) once, the answers
 * already stored read once, every answer checked by the same rules as alone, the accepted ones
 * inserted in one statement. A repeat of a stored answer (a resend after a lost acknowledgement) is
 * answered with it, a different choice refused as answered; two answers of one player to one
 * question in the same batch: the first is checked and stored, the second gets the same treatment as
 * a repeat of it. A pair stored meanwhile by another instance is skipped by the unique key and then
 * read back the same way; an answer skipped with no stored answer behind it is a player gone
 * (playerGone). Refusals are per answer; any other error fails the batch.
 */
async function storeAnswers(db: Db, batch: AnswerRequest[]): Promise<AnswerOutcome[]> {
  return db.transaction(async (tx) => {
    const questionsById = await q.questionsForAnswers(tx, batch.map((r) => r.input.question_id));
    const games = await q.gamesById(tx, batch.map((r) => r.player.triviaGameId));
    const pairs = (requests: AnswerRequest[]) => requests.map((r) => ({ playerId: r.player.id, questionId: r.input.question_id }));
    const stored = await q.storedAnswers(tx, pairs(batch.filter((r) => questionsById.has(r.input.question_id))));
    const mayAnswer = batchLevelCheck(tx, batch.map((r) => r.player.id));
    const outcomes: AnswerOutcome[] = new Array(batch.length);
    const accepted: Array<{ index: number; values: typeof answers.$inferInsert }> = [];
    // Answers whose outcome is that of the batch's earlier answer with the same key, once inserted.
    const later: number[] = [];
    const inBatch = new Set<string>();
    for (const [index, request] of batch.entries()) {
      const key = q.answerKey(request.player.id, request.input.question_id);
      const prior = stored.get(key);
      if (prior) {
        outcomes[index] = repeatOutcome(prior, request, questionsById.get(request.input.question_id), games.get(request.player.triviaGameId));
        continue;
      }
      if (inBatch.has(key)) {
        later.push(index);
        continue;
      }
      try {
        const values = await checkAnswer(tx, request, questionsById.get(request.input.question_id), games.get(request.player.triviaGameId), mayAnswer);
        inBatch.add(key);
        accepted.push({ index, values });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcomes[index] = { error };
      }
    }
    const inserted = new Map((await q.insertAnswers(tx, accepted.map((a) => a.values))).map((row) => [q.answerKey(row.playerId, row.questionId), row]));
    const missing = accepted.filter(({ values }) => !inserted.has(q.answerKey(values.playerId, values.questionId))).map(({ index }) => batch[index]!);
    const meanwhile = missing.length > 0 ? await q.storedAnswers(tx, pairs(missing)) : new Map<string, q.AnswerRow>();
    for (const index of [...accepted.map((a) => a.index), ...later]) {
      const request = batch[index]!;
      const key = q.answerKey(request.player.id, request.input.question_id);
      const row = inserted.get(key) ?? meanwhile.get(key);
      outcomes[index] = row ? repeatOutcome(row, request, questionsById.get(request.input.question_id), games.get(request.player.triviaGameId)) : playerGone();
    }
    return outcomes;
  });
}

/** The most answers one transaction stores. */
export const MAX_ANSWER_BATCH = 1000;

/**
 * Group commit of answers (under a burst, commits may be batched but never skipped).
 * Answers that arrive while a batch is being committed wait for it and go together in the next one;
 * an answer alone goes at once (on the next turn of the event loop), so batching adds no delay when
 * it is quiet. Every answer is settled only after its batch committed: acknowledged means stored.
 * If a batch fails as a whole (not a refusal: the database), its answers are retried one by one, so
 * one bad answer cannot fail its neighbours.
 */
export class AnswerBatcher {
  private queue: Array<AnswerRequest & { resolve: (row: q.AnswerRow) => void; reject: (error: unknown) => void }> = [];
  private running = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly maxBatch = MAX_ANSWER_BATCH,
  ) {}

  submit(request: AnswerRequest): Promise<q.AnswerRow> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      let outcomes: AnswerOutcome[];
      try {
        outcomes = await storeAnswers(this.db, batch);
      } catch {
        outcomes = [];
        for (const request of batch) outcomes.push(await storeOneAnswer(this.db, request).then((ok) => ({ ok }), (error: unknown) => ({ error })));
      }
      batch.forEach((request, i) => {
        const outcome = outcomes[i]!;
        if ('ok' in outcome) request.resolve(outcome.ok);
        else request.reject(outcome.error);
      });
    }
    this.running = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once every answer submitted so far is committed (or refused): nothing queued, no batch running. */
  whenIdle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
