/**
 * The rules of the live game on the server (docs/game-rules.md), the one authority: game-flow steps checked
 * against the same statecharts that draw the control screen's buttons (machines/game/steps.ts),
 * joining, answering, scoring and ranking with the shared domain rules (src/domain/scoring.ts,
 * ranking.ts), and what players and the display may see.
 *
 * Races, and who wins:
 * - Every game-flow step runs in one transaction that first locks the game's row (FOR NO KEY UPDATE:
 *   it excludes other steps and joins of the game, not the answers' foreign-key checks). The step is
 *   decided on the statuses read under that lock, so of N identical steps sent at once exactly one
 *   applies it; the others then find its result and answer `applied: false` (code 200, a message
 *   saying it was already done). The UPDATEs are conditional as well (… where status = expected), and
 *   a partial unique index keeps one question on screen per game whatever happens.
 * - An answer holds a share lock on its question until it is committed; publishing the answer
 *   updates that row, so it waits for the answers in flight and scores them all in its transaction,
 *   and an answer that arrives after the publish finds the question closed. None is acknowledged
 *   before its commit; none is left unscored. Answers are group-committed (AnswerBatcher): those that
 *   arrive while a batch commits go together in the next transaction, checked by the same rules.
 * - A join raises the game's player count only while it is below the cap and the nickname is free, in
 *   the same statement as the insert (q.admitPlayer); a nickname taken meanwhile undoes both.
 * Returns data and the real-time events to publish after the commit; never publishes itself.
 */
import { ApiError, FieldErrors, ResponseCode, businessError, recordNotFound } from '../../lib/envelope.js';
import type { Db } from '../../db/client.js';
import type { answers, StoredRankEntry } from '../../db/schema.js';
import { type Lang, type MessageKey } from '../../i18n.js';
import type { RealtimeEvent } from '../../realtime/bus.js';
import { resolveGameFlowStep, type StepRefusal } from '../../../../machines/game/steps.js';
import type { GameFlowStep, QuestionStatus } from '../../../../machines/question/types.js';
import type { GameType } from '../../../domain/question-rules.js';
import { rankPlayers, type RankEntry } from '../../../domain/ranking.js';
import { checkNickname } from '../../../domain/nickname.js';
import { formatDomainMessage } from '../../../domain/messages.js';
import { checkChoices, inAnsweringWindow, inOpenTime, mayAnswerLevel, normalizeChoices, scoreAnswer, levelReached, type ChoiceProblem } from '../../../domain/scoring.js';
import { joinUrlForGame } from '../venue/join-url.js';
import * as q from './queries.js';
import { createPaired } from '../display/service.js';
import { DISPLAY_CODE_TTL_SECONDS, hashSecret, newSecret } from './tokens.js';
import {
  deadlineOf,
  gameSummary,
  gameTopic,
  iso,
  isoOrNull,
  myAnswer,
  publicQuestion,
  publishedAnswer,
  rankingSummary,
  scoringQuestion,
  type PlaySchemas,
} from './views.js';

/** How many ranking rows the events and the display carry. */
export const TOP = 10;
/** Above this size a questionShown event leaves the question out (NOTIFY carries < 8000 bytes). */
const MAX_EVENT_BYTES = 6000;

const both = (gameId: number, type: string, data: unknown): RealtimeEvent[] => [
  { topic: gameTopic(gameId, 'operator'), type, data },
  { topic: gameTopic(gameId, 'public'), type, data },
];

// ------------------------------------------------------------------ game flow

export interface GameFlowInput {
  trivia_game_id: number;
  question_id?: number | null;
  type: GameFlowStep;
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
  return both(game.id, 'server.questionShown', data);
}

/** Publishes a live question's answer and scores every stored answer to it, in the caller's transaction. */
async function publishAndScore(tx: q.Queryable, game: q.GameRow, question: q.QuestionRow, now: Date): Promise<{ row: q.QuestionRow; events: RealtimeEvent[] }> {
  // Waits for the answers in flight (they hold a share lock on the row), then closes the question.
  const row = await q.publishAnswer(tx, question.id, now);
  if (!row) throw new Error(`question ${question.id} was not live any more under the game lock`);
  const rule = scoringQuestion(game, row);
  const stored = await q.answersToScore(tx, row.id);
  await q.saveScores(
    tx,
    stored.map((a) => ({ id: a.id, ...scoreAnswer(rule, { choices: a.choices, elapsedMs: a.elapsedMs }) })),
  );
  const counts = await q.answerCounts(tx, row.id);
  const data: PlaySchemas['EventAnswerPublished'] = { question_id: row.id, answer: row.answer, ...counts };
  return { row, events: both(game.id, 'server.answerPublished', data) };
}

/** The game's ranking now, from the scored answers of its published questions. */
async function computeRanking(db: q.Queryable, game: q.GameRow): Promise<RankEntry[]> {
  const inputs = await q.rankingInputs(db, game.id);
  const levels = game.type === 2 ? (await q.levelsOfGame(db, game.id)).map((l) => ({ level: l.level, promotionScore: l.promotionScore })) : [];
  return rankPlayers(game.type as GameType, inputs.players, inputs.answers, levels);
}

/** Computes, stores and publishes the game's ranking on a question (step 4, and the final one at game end), in the caller's transaction. */
async function publishRanking(tx: q.Queryable, game: q.GameRow, question: q.QuestionRow, now: Date) {
  const entries = (await computeRanking(tx, game)).map(rankItem);
  const ranking = await q.insertRanking(tx, { triviaGameId: game.id, questionId: question.id, entries, publishedAt: now });
  await q.setPlayerRanks(tx, ranking.id, entries);
  await q.markRankingPublished(tx, question.id);
  const summary = rankingSummary({ ...ranking, top: entries.slice(0, TOP) });
  return { summary, events: both(game.id, 'server.rankingPublished', summary satisfies PlaySchemas['EventRankingPublished']) };
}

const rankItem = (entry: RankEntry): StoredRankEntry => ({
  rank: entry.rank,
  player_id: entry.playerId,
  nickname: entry.nickname,
  score: entry.score,
  level: entry.level,
  elapsed_ms: entry.elapsedMs,
});

export async function gameFlow(db: Db, companyId: number, input: GameFlowInput, now: Date): Promise<FlowResult> {
  return db.transaction(async (tx) => {
    const game = await q.lockGame(tx, companyId, input.trivia_game_id);
    if (!game) throw recordNotFound();
    const step = input.type;
    let question: q.QuestionRow | undefined;
    if (step !== 5 && input.question_id !== null && input.question_id !== undefined) {
      question = await q.questionOfGame(tx, game.id, input.question_id);
      if (!question) throw recordNotFound();
    }
    const live = await q.liveQuestion(tx, game.id);
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
      };
    }

    switch (step) {
      case 2: {
        const shown = await q.showQuestion(tx, question!.id, now);
        if (!shown) throw businessError('live.step.questionAlreadyPlayed');
        await q.setCurrentQuestion(tx, game.id, shown.id);
        return {
          data: { applied: true, question: flowQuestion(game, shown), server_time: serverTime },
          messageKey: APPLIED[2],
          events: await questionShownEvents(tx, game, shown, now),
        };
      }
      case 3: {
        const { row, events } = await publishAndScore(tx, game, question!, now);
        return { data: { applied: true, question: flowQuestion(game, row), server_time: serverTime }, messageKey: APPLIED[3], events };
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
          };
        }
        const { summary, events } = await publishRanking(tx, game, question!, now);
        const after = (await q.questionOfGame(tx, game.id, question!.id))!;
        return {
          data: { applied: true, question: flowQuestion(game, after), ranking: { list: summary.list, total: summary.total }, server_time: serverTime },
          messageKey: APPLIED[4],
          events,
        };
      }
      case 5: {
        const events: RealtimeEvent[] = [];
        // A question still on screen gets its answer published (and scored) first: nothing is left open.
        if (live) events.push(...(await publishAndScore(tx, game, live, now)).events);
        // The final results are the last ranking: if answers were published after it (or none was
        // ever published), the final one is published now, on the last question answered.
        const last = await q.lastPublishedQuestion(tx, game.id);
        const ranking = last ? await q.latestRanking(tx, game.id) : undefined;
        if (last && (!ranking || ranking.publishedAt.getTime() < (last.answerPublishedAt ?? now).getTime())) {
          events.push(...(await publishRanking(tx, game, last, now)).events);
        }
        await q.endGame(tx, game.id, now);
        events.push(...both(game.id, 'server.gameEnded', { ended_at: iso(now) } satisfies PlaySchemas['EventGameEnded']));
        return { data: { applied: true, server_time: serverTime }, messageKey: APPLIED[5], events };
      }
    }
  });
}

/** The current ranking of a game of the company (top `limit`, and how many are ranked). */
export async function getRank(db: Db, companyId: number, gameId: number, limit = TOP) {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  const entries = await computeRanking(db, game);
  return { list: entries.slice(0, limit).map(rankItem), total: entries.length };
}

// ------------------------------------------------------------------ joining

export interface JoinResult {
  token: string;
  player: q.PlayerIdentity;
  game: q.Admitted['game'];
}

/** A unique violation of the given index, wherever the driver put it (Drizzle wraps errors). */
function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === index || e.message?.includes(index))) return true;
  }
  return false;
}

/** The nickname as stored and compared (src/domain/nickname.ts), or a 422 in the request's language. */
export function cleanNickname(lang: Lang, nickname: string): string {
  const checked = checkNickname(nickname);
  if (!checked.ok) throw new FieldErrors({ nickname: [formatDomainMessage(lang, checked.key, checked.params)] });
  return checked.nickname;
}

/**
 * The refusal of a join to an ended game: code 201 with the game's title and its final published
 * ranking (the top entries, as the display shows them; null when none was published), so the phone
 * shows the results instead of a join form that would wait forever.
 */
async function endedGameRefusal(db: q.Queryable, game: q.GameRow): Promise<ApiError> {
  const latest = await q.latestRanking(db, game.id);
  const summary = latest ? await q.rankingSummary(db, latest.id, TOP) : undefined;
  const data: PlaySchemas['JoinEndedData'] = { title: game.title, ranking: summary ? rankingSummary(summary) : null };
  return new ApiError(200, ResponseCode.ERROR, 'live.join.gameEnded', {}, data);
}

/** A game closed by its end (step 5, or closed by update) rather than one never opened. */
const hasEnded = (game: q.GameRow) => game.status !== 1 && game.endedAt !== null;

/**
 * Joins a game: one statement admits the player (q.admitPlayer: the game open, below its cap, the
 * nickname free, the player inserted), committed before this returns; only a refused join reads the
 * game again, to say why in the order a player would want to know: an unknown PIN, an ended or closed
 * game, a taken nickname, a full game.
 */
export async function join(db: Db, lang: Lang, input: { pin: string; nickname: string }, now: Date): Promise<JoinResult> {
  const nickname = cleanNickname(lang, input.nickname);
  const token = newSecret();
  const tokenHash = hashSecret(token);
  for (let attempt = 1; ; attempt += 1) {
    let admitted: q.Admitted | undefined;
    try {
      admitted = await q.admitPlayer(db, { pin: input.pin, nickname, tokenHash, joinedAt: now });
    } catch (error) {
      // Two phones taking the same nickname at once (PostgreSQL): the unique index decides, the loser is told.
      if (isUniqueViolation(error, 'players_game_nickname_unique')) throw businessError('live.join.nicknameTaken');
      throw error;
    }
    if (admitted) {
      const { player, game } = admitted;
      return { token, player: { ...player, triviaGameId: game.id, tokenHash }, game };
    }
    const found = await q.gameByPin(db, input.pin);
    if (!found) throw businessError('live.join.unknownPin');
    if (hasEnded(found)) throw await endedGameRefusal(db, found);
    if (found.status !== 1) throw businessError('live.join.notOpen');
    if (await q.nicknameTaken(db, found.id, nickname)) throw businessError('live.join.nicknameTaken');
    // Full, unless the game changed between the statement and these reads (its cap raised, a reset): then again.
    if (found.playerCount >= found.playerCap || attempt === 3) throw businessError('live.join.full', { cap: found.playerCap });
  }
}

// ------------------------------------------------------------------ answering

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

const CHOICE_MESSAGES: Record<ChoiceProblem, MessageKey> = {
  empty: 'live.answer.empty',
  unknownOption: 'live.answer.unknownOption',
  repeated: 'live.answer.repeated',
  singleChoice: 'live.answer.singleChoice',
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
  input: { question_id: number; choices: string[] };
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

/**
 * Whether `sent` is the stored answer again: a phone resending an answer whose acknowledgement it
 * never received (a dead network, a closed socket). Such a repeat is answered with the stored answer
 * (code 200), whatever happened since — the question closed, the game ended — so no sequence of
 * reconnects turns a stored answer into an error on the phone; a different choice is still refused
 * as answered (one answer per player and question).
 */
function isSameAnswer(stored: readonly string[], sent: readonly string[]): boolean {
  const normalized = normalizeChoices(sent);
  return new Set(sent).size === sent.length && normalized.length === sent.length && normalized.length === stored.length && normalized.every((c, i) => c === stored[i]);
}

/** The outcome of an answer when the player has one stored for the question already. */
const repeatOutcome = (stored: q.AnswerRow, sent: readonly string[]): AnswerOutcome =>
  isSameAnswer(stored.choices, sent) ? { ok: stored } : { error: businessError(REFUSAL_MESSAGES.answered) };

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
  const problem = checkChoices({ questionType: question.questionType === 2 ? 2 : 1, optionTitles: question.options.map((o) => o.title) }, input.choices);
  if (problem) throw businessError(CHOICE_MESSAGES[problem]);
  if (!(await mayAnswer(game, question, player.id))) throw businessError(REFUSAL_MESSAGES.levelNotReached);
  const shownAt = question.shownAt ?? receivedAt;
  return {
    playerId: player.id,
    questionId: question.id,
    triviaGameId: game.id,
    choices: normalizeChoices(input.choices),
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
    const outcome = prior ? repeatOutcome(prior, request.input.choices) : await insertOne(tx, request, question, game);
    if ('error' in outcome) throw outcome.error;
    return outcome.ok;
  });
}

type AnswerOutcome = { ok: q.AnswerRow } | { error: unknown };

async function insertOne(tx: q.Queryable, request: AnswerRequest, question: q.QuestionRow | undefined, game: q.GameRow | undefined): Promise<AnswerOutcome> {
  const stored = await q.insertAnswer(tx, await checkAnswer(tx, request, question, game));
  if (stored) return { ok: stored };
  // The unique key (player, question): another answer of this player was stored at the same moment.
  const other = await q.answerOf(tx, request.player.id, request.input.question_id);
  return other ? repeatOutcome(other, request.input.choices) : { error: businessError(REFUSAL_MESSAGES.answered) };
}

/**
 * A batch of answers in ONE transaction: the questions read (and share-locked) once, the answers
 * already stored read once, every answer checked by the same rules as alone, the accepted ones
 * inserted in one statement. A repeat of a stored answer (a resend after a lost acknowledgement) is
 * answered with it, a different choice refused as answered; two answers of one player to one
 * question in the same batch: the first is checked and stored, the second gets the same treatment as
 * a repeat of it. A pair stored meanwhile by another instance is skipped by the unique key and then
 * read back the same way. Refusals are per answer; any other error fails the batch.
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
        outcomes[index] = repeatOutcome(prior, request.input.choices);
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
      outcomes[index] = row ? repeatOutcome(row, request.input.choices) : { error: businessError(REFUSAL_MESSAGES.answered) };
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

const batchers = new WeakMap<Db, AnswerBatcher>();

/**
 * Stores a player's answer if every rule allows it; returns it once committed. `receivedAt` is the
 * server's receipt time (taken when the request arrived), the only time scoring uses. Answers to one
 * database are group-committed (AnswerBatcher).
 */
export async function answer(db: Db, player: AnswerPlayer, input: { question_id: number; choices: string[] }, receivedAt: Date): Promise<q.AnswerRow> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new AnswerBatcher(db)));
  return batcher.submit({ player, input, receivedAt });
}

/** Resolves once every answer submitted to this database so far is committed or refused (a graceful shutdown waits for it). */
export function answersSettled(db: Db): Promise<void> {
  return batchers.get(db)?.whenIdle() ?? Promise.resolve();
}

// ------------------------------------------------------------------ what players and the display see

/**
 * Refuses (code 202, as an unknown token) a player whose game was deleted since the token was last
 * looked up: players are deleted only with their game.
 */
export async function requirePlayerGame(db: q.Queryable, player: q.PlayerIdentity): Promise<q.GameRow> {
  const game = await q.findGame(db, player.triviaGameId);
  if (!game) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'live.player.unknownToken');
  return game;
}

/** The same, the game read through a read shared by the calls of one turn (plugin.ts `live.games`). */
export async function requirePlayerGameShared(games: { get(id: number): Promise<q.GameRow | undefined> }, player: q.PlayerIdentity): Promise<q.GameRow> {
  const game = await games.get(player.triviaGameId);
  if (!game) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'live.player.unknownToken');
  return game;
}

/** The player's position in the game's last published ranking (read now: it changes with each ranking). */
async function playerRank(db: q.Queryable, player: q.PlayerIdentity): Promise<PlaySchemas['PlayerRank'] | null> {
  const place = await q.playerPlace(db, player.id);
  if (!place || place.rankingId === null || place.rankPosition === null) return null;
  const [ranking] = await q.rankingsById(db, [place.rankingId]);
  if (!ranking) return null;
  return { ranking_id: ranking.id, question_id: ranking.questionId, position: place.rankPosition, total: ranking.total, published_at: iso(ranking.publishedAt) };
}

export async function playerState(db: Db, player: q.PlayerIdentity, now: Date): Promise<PlaySchemas['PlayerStateData']> {
  const me = player;
  const game = await requirePlayerGame(db, me);
  const scores = await q.playerScores(db, me.id);
  const levels = game.type === 2 ? (await q.levelsOfGame(db, game.id)).map((l) => ({ level: l.level, promotionScore: l.promotionScore })) : [];
  const current = game.currentQuestionId === null ? undefined : await q.questionOfGame(db, game.id, game.currentQuestionId);

  let question: PlaySchemas['PlayerQuestion'] | null = null;
  let mine: PlaySchemas['MyAnswer'] | null = null;
  if (current && current.status >= 1 && current.shownAt) {
    const stored = await q.answerOf(db, me.id, current.id);
    mine = stored ? myAnswer(stored) : null;
    const level = await q.levelNumber(db, current.levelId);
    const allowed = game.type !== 2 || level === null || mayAnswerLevel(levels, scores.byLevel, level);
    const refusal = answerRefusal({ game, question: current, answered: stored !== undefined, levelAllowed: allowed, now: now.getTime() });
    question = {
      question: publicQuestion(game, current, level),
      status: current.status as 1 | 2 | 3,
      shown_at: iso(current.shownAt),
      deadline: isoOrNull(deadlineOf(game, current)),
      answer: publishedAnswer(current),
      can_answer: refusal === null,
      refusal: refusal === 'notShown' ? 'closed' : refusal,
    };
  }
  return {
    server_time: iso(now),
    game: gameSummary(game),
    player: {
      id: me.id,
      nickname: me.nickname,
      join_order: me.joinOrder,
      score: scores.total,
      level: game.type === 2 ? levelReached(levels, scores.byLevel) : null,
    },
    question,
    my_answer: mine,
    rank: await playerRank(db, me),
    finished: game.status !== 1,
  };
}

/** The counts of a question's answers, only once published (before, they would hint at the answer). */
async function publishedCounts(db: q.Queryable, question: q.QuestionRow): Promise<PlaySchemas['AnswerCounts'] | null> {
  return question.status >= 2 ? q.answerCounts(db, question.id) : null;
}

/** `publicUrl`: the server's PUBLIC_URL, the base of `join_url` when the game's company sets none (venue/join-url.ts). */
export async function displayState(db: Db, gameId: number, now: Date, publicUrl: string | null | undefined): Promise<PlaySchemas['DisplayStateData']> {
  const game = await q.findGame(db, gameId);
  // A display session goes with its game; a request already past the token check may still miss it.
  if (!game) throw new ApiError(200, ResponseCode.NEED_LOGIN, 'display.unknownToken');
  const current = game.currentQuestionId === null ? undefined : await q.questionOfGame(db, game.id, game.currentQuestionId);
  let question: PlaySchemas['DisplayQuestion'] | null = null;
  if (current && current.status >= 1 && current.shownAt) {
    question = {
      question: publicQuestion(game, current, await q.levelNumber(db, current.levelId)),
      status: current.status as 1 | 2 | 3,
      shown_at: iso(current.shownAt),
      deadline: isoOrNull(deadlineOf(game, current)),
      answer: publishedAnswer(current),
      counts: await publishedCounts(db, current),
    };
  }
  const latest = await q.latestRanking(db, game.id);
  const summary = latest ? await q.rankingSummary(db, latest.id, TOP) : undefined;
  return {
    server_time: iso(now),
    game: gameSummary(game),
    question,
    ranking: summary ? rankingSummary(summary) : null,
    finished: game.status !== 1,
    join_url: await joinUrlForGame(db, game, publicUrl),
  };
}

/** What the control screen's real-time channel starts from: players, the live question, its counts. */
export async function operatorSnapshot(db: Db, gameId: number, now: Date): Promise<PlaySchemas['EventOperatorSnapshot']> {
  const game = await q.findGame(db, gameId);
  if (!game) throw recordNotFound();
  const live = await q.liveQuestion(db, game.id);
  let liveQuestion: PlaySchemas['EventOperatorSnapshot']['live_question'] = null;
  if (live?.shownAt) {
    const deadline = deadlineOf(game, live);
    liveQuestion = {
      question_id: live.id,
      shown_at: iso(live.shownAt),
      deadline: isoOrNull(deadline),
      remaining_ms: deadline === null ? null : Math.max(0, deadline.getTime() - now.getTime()),
      ...(await q.answerCounts(db, live.id)),
    };
  }
  return { server_time: iso(now), game: gameSummary(game), live_question: liveQuestion };
}

/** The answerCount event of a live question (null when it is not live any more). */
export async function answerCountEvent(db: Db, gameId: number, questionId: number): Promise<RealtimeEvent | null> {
  const question = await q.questionOfGame(db, gameId, questionId);
  if (!question || question.status !== 1) return null;
  const data: PlaySchemas['EventAnswerCount'] = { question_id: questionId, ...(await q.answerCounts(db, questionId)) };
  return { topic: gameTopic(gameId, 'operator'), type: 'server.answerCount', data };
}

export async function playerJoinedEvents(db: Db, gameId: number): Promise<RealtimeEvent[]> {
  const data: PlaySchemas['EventPlayerJoined'] = { count: await q.countPlayers(db, gameId) };
  return both(gameId, 'server.playerJoined', data);
}

// ------------------------------------------------------------------ the display's code and token

export async function createDisplayCode(db: Db, companyId: number, adminId: number, gameId: number, now: Date) {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  const code = newSecret();
  await q.insertDisplayCode(db, {
    codeHash: hashSecret(code),
    triviaGameId: game.id,
    createdBy: adminId,
    expiresAt: new Date(now.getTime() + DISPLAY_CODE_TTL_SECONDS * 1000),
  });
  return { code, expires_in: DISPLAY_CODE_TTL_SECONDS };
}

/** Spends the code and opens a display session paired with its game at once (listed as `source: code`). */
export async function exchangeDisplayCode(db: Db, code: string, now: Date): Promise<PlaySchemas['DisplayExchangeData']> {
  const spent = await q.spendDisplayCode(db, hashSecret(code), now);
  const game = spent === undefined ? undefined : await q.findGame(db, spent.gameId);
  if (!game || !spent) throw businessError('live.display.codeInvalid');
  const session = await createPaired(db, game, spent.createdBy, now);
  return { display_token: session.token, expires_in: session.expiresIn, game: gameSummary(game) };
}
