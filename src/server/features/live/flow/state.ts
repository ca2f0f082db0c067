/**
 * What players, the display and the control screen's channel see of a game now: the player's state
 * (`POST /api/play/state`), the display's, the operator's snapshot. Read, never written; what may be
 * shown follows docs/game-rules.md (a question without its answer until it is published, counts
 * only after).
 */
import { ApiError, ResponseCode, recordNotFound } from '../../../lib/envelope.js';
import type { Db } from '../../../db/client.js';
import { levelReached, mayAnswerLevel } from '../../../../domain/scoring.js';
import { kindOf } from '../../../../domain/question-kinds/index.js';
import { joinUrlForGame } from '../../venue/join-url.js';
import { gameQuestions } from '../../trivia/queries.js';
import { autopilotNeedsQuestions, autopilotStateOf } from '../../../../../machines/game/autopilot-state.js';
import * as q from '../queries.js';
import { answerRefusal } from '../answers/answers.js';
import { publishedReveal } from './reveal.js';
import { deadlineOf, gameSummary, iso, isoOrNull, myAnswer, publicQuestion, publishedAnswer, rankingSummary, TOP, type PlaySchemas } from '../views.js';

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

/**
 * The player's position in the game's last published ranking (read now: it changes with each
 * ranking), and their disqualification (docs/game-rules.md "Fair play": the phone says so, with the
 * operator's reason).
 */
async function playerRank(db: q.Queryable, player: q.PlayerIdentity): Promise<{ rank: PlaySchemas['PlayerRank'] | null; disqualified: PlaySchemas['PlayerDisqualified'] | null }> {
  const place = await q.playerPlace(db, player.id);
  const disqualified = place?.disqualifiedAt ? { reason: place.disqualifyReason ?? '', at: iso(place.disqualifiedAt) } : null;
  if (!place || place.rankingId === null || place.rankPosition === null) return { rank: null, disqualified };
  const [ranking] = await q.rankingsById(db, [place.rankingId]);
  if (!ranking) return { rank: null, disqualified };
  return { rank: { ranking_id: ranking.id, question_id: ranking.questionId, position: place.rankPosition, total: ranking.total, published_at: iso(ranking.publishedAt) }, disqualified };
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
      answer: publishedAnswer(game, current),
      reveal: await publishedReveal(db, game, current),
      // A content slide takes no answers (no refusal names it: the phone shows it, nothing to answer).
      can_answer: refusal === null && kindOf(current.questionType).answerable,
      refusal: refusal === 'notShown' ? 'closed' : refusal,
    };
  }
  const { rank, disqualified } = await playerRank(db, me);
  return {
    server_time: iso(now),
    game: gameSummary(game),
    player: {
      id: me.id,
      nickname: me.nickname,
      join_order: me.joinOrder,
      score: scores.total,
      level: game.type === 2 ? levelReached(levels, scores.byLevel) : null,
      disqualified,
    },
    question,
    my_answer: mine,
    rank,
    finished: game.status !== 1,
    stage_message: game.stageMessage ?? null,
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
      answer: publishedAnswer(game, current),
      reveal: await publishedReveal(db, game, current),
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
    stage_message: game.stageMessage ?? null,
    join_url: await joinUrlForGame(db, game, publicUrl),
  };
}

/** What the control screen's real-time channel starts from: players, the live question, its counts, the autopilot, the stage message. */
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
  const autopilot = autopilotStateOf(game, autopilotNeedsQuestions(game) ? await gameQuestions(db, game.id) : []);
  return { server_time: iso(now), game: gameSummary(game), autopilot, stage_message: game.stageMessage ?? null, live_question: liveQuestion };
}

