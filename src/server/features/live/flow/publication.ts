/**
 * Publication: a question's answer published and its stored answers scored, the ranking computed,
 * stored and published, and the end of a game — the one path by which a game ends, whether by
 * game-flow step 5 (flow.ts) or by closing it through /triviaGame/update (game-closed.ts): the
 * question still on screen published, then the final ranking if answers were published after the
 * last one, then `server.gameEnded`. Each runs in the caller's transaction, under the game's row
 * lock, and returns the real-time events to publish after the commit (docs/game-rules.md).
 */
import type { Db } from '../../../db/client.js';
import type { StoredRankEntry } from '../../../db/schema.js';
import { recordNotFound } from '../../../lib/envelope.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import type { GameType } from '../../../../domain/question-rules.js';
import { rankPlayers, type RankEntry } from '../../../../domain/ranking.js';
import { scoreAnswer } from '../../../../domain/scoring.js';
import { kindOf } from '../../../../domain/question-kinds/index.js';
import * as q from '../queries.js';
import { iso, rankingSummary, revealOf, scoringQuestion, toBothTopics, TOP, type PlaySchemas } from '../views.js';

/** Publishes a live question's answer and scores every stored answer to it, in the caller's transaction. */
export async function publishAndScore(tx: q.Queryable, game: q.GameRow, question: q.QuestionRow, now: Date): Promise<{ row: q.QuestionRow; events: RealtimeEvent[] }> {
  // Waits for the answers in flight (they hold a share lock on the row), then closes the question.
  const row = await q.publishAnswer(tx, question.id, now);
  if (!row) throw new Error(`question ${question.id} was not live any more under the game lock`);
  const rule = scoringQuestion(game, row);
  const stored = await q.answersToScore(tx, row.id);
  // The kind scores (a poll and a content slide: never right, 0 points).
  await q.saveScores(tx, stored.map((a) => ({ id: a.id, ...scoreAnswer(rule, a) })));
  const counts = await q.answerCounts(tx, row.id);
  // What the reveal shows is the kind's, with the statistics of the answers just scored.
  const data: PlaySchemas['EventAnswerPublished'] = {
    question_id: row.id,
    answer: kindOf(row.questionType).reveal(rule).answer,
    reveal: revealOf(game, row, stored),
    ...counts,
  };
  return { row, events: toBothTopics(game.id, 'server.answerPublished', fitted(data)) };
}

/** Above this size an answerPublished event leaves out the reveal's longest parts (NOTIFY carries < 8000 bytes). */
const MAX_EVENT_BYTES = 6000;

/**
 * The event as it fits a notification: a long explanation, then the accepted answers, are left out
 * of it (empty); the player's and the display's state always carry the whole reveal.
 */
function fitted(data: PlaySchemas['EventAnswerPublished']): PlaySchemas['EventAnswerPublished'] {
  const size = (event: PlaySchemas['EventAnswerPublished']) => Buffer.byteLength(JSON.stringify(event));
  if (size(data) <= MAX_EVENT_BYTES) return data;
  const shorter = { ...data, reveal: { ...data.reveal, explanation: '' } };
  if (size(shorter) <= MAX_EVENT_BYTES) return shorter;
  return { ...shorter, reveal: { ...shorter.reveal, accepted_answers: [], typed: [] } };
}

/** The game's ranking now, from the scored answers of its published questions (the disqualified left out: q.rankingInputs). */
export async function computeRanking(db: q.Queryable, game: q.GameRow): Promise<RankEntry[]> {
  const inputs = await q.rankingInputs(db, game.id);
  const levels = game.type === 2 ? (await q.levelsOfGame(db, game.id)).map((l) => ({ level: l.level, promotionScore: l.promotionScore })) : [];
  return rankPlayers(game.type as GameType, inputs.players, inputs.answers, levels);
}

/** Computes, stores and publishes the game's ranking on a question (step 4, and the final one at game end), in the caller's transaction. */
export async function publishRanking(tx: q.Queryable, game: q.GameRow, question: q.QuestionRow, now: Date) {
  const entries = (await computeRanking(tx, game)).map(rankItem);
  const ranking = await q.insertRanking(tx, { triviaGameId: game.id, questionId: question.id, entries, publishedAt: now });
  await q.setPlayerRanks(tx, ranking.id, entries);
  await q.markRankingPublished(tx, question.id);
  const summary = rankingSummary({ ...ranking, top: entries.slice(0, TOP) });
  return { summary, events: toBothTopics(game.id, 'server.rankingPublished', summary satisfies PlaySchemas['EventRankingPublished']) };
}

const rankItem = (entry: RankEntry): StoredRankEntry => ({
  rank: entry.rank,
  player_id: entry.playerId,
  nickname: entry.nickname,
  score: entry.score,
  level: entry.level,
  elapsed_ms: entry.elapsedMs,
});

/**
 * Ends a game, in the caller's transaction under the game's row lock: a question still on screen gets
 * its answer published (and scored) first, so nothing is left open; the final results are the last
 * ranking, so if answers were published after it (or none was ever published) the final one is
 * published now, on the last question answered; then the game is closed (unless it already is:
 * closed by update, its `ended_at` kept) and `server.gameEnded` follows. Players and displays thus
 * always hear the final ranking, then the end.
 */
export async function finishGame(tx: q.Queryable, game: q.GameRow, now: Date): Promise<RealtimeEvent[]> {
  const events: RealtimeEvent[] = [];
  const live = await q.liveQuestion(tx, game.id);
  if (live) events.push(...(await publishAndScore(tx, game, live, now)).events);
  const last = await q.lastPublishedQuestion(tx, game.id);
  const ranking = last ? await q.latestRanking(tx, game.id) : undefined;
  if (last && (!ranking || ranking.publishedAt.getTime() < (last.answerPublishedAt ?? now).getTime())) {
    events.push(...(await publishRanking(tx, game, last, now)).events);
  }
  // Closes an open game (a no-op for one closed by update, whose `ended_at` is kept).
  await q.endGame(tx, game.id, now);
  const endedAt = game.status === 1 ? now : (game.endedAt ?? now);
  events.push(...toBothTopics(game.id, 'server.gameEnded', { ended_at: iso(endedAt) } satisfies PlaySchemas['EventGameEnded']));
  return events;
}

/** The current ranking of a game of the company (top `limit`, and how many are ranked). */
export async function getRank(db: Db, companyId: number, gameId: number, limit = TOP) {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  const entries = await computeRanking(db, game);
  return { list: entries.slice(0, limit).map(rankItem), total: entries.length };
}
