/**
 * Fair winners (docs/game-rules.md, "Fair play"): the flags of a game's players, computed on demand
 * from what is stored (the control screen and the results page ask while the game runs; nothing is
 * added to the answer path but the join's device id and address), disqualification and its undoing,
 * the winners, their podium on the display, and the per-question statistics. Rules are in
 * src/domain/fair-play.ts; the ranking without the disqualified is publication.ts's (its inputs leave
 * them out). Company-scoped: another company's game, or a player of another game, is a 404.
 */
import type { components } from '@openapi/admin-api';
import type { Db } from '../../../db/client.js';
import { FieldErrors, businessError, recordNotFound } from '../../../lib/envelope.js';
import type { RealtimeEvent } from '../../../realtime/bus.js';
import { translate, type Lang, type MessageKey } from '../../../i18n.js';
import type { GameType } from '../../../../domain/question-rules.js';
import { fairPlayFlags, questionStats, winners, type PlayerFlag } from '../../../../domain/fair-play.js';
import { kindOf, questionTypeOf, type StoredAnswer } from '../../../../domain/question-kinds/index.js';
import * as q from '../queries.js';
import * as fp from '../sql/fair-play.js';
import { computeRanking, publishRanking } from '../flow/publication.js';
import { gameTopic, iso, scoringQuestion, type PlaySchemas } from '../views.js';

type Schemas = components['schemas'];

const flagView = (flag: PlayerFlag): Schemas['FairPlayFlag'] => ({ kind: flag.kind, count: flag.count, fastest_ms: flag.fastestMs, others: flag.others });

function playerView(row: fp.FairPlayPlayerRow, flags: PlayerFlag[] | undefined): Schemas['FairPlayPlayer'] {
  return {
    player_id: row.playerId,
    nickname: row.nickname,
    join_order: row.joinOrder,
    flags: (flags ?? []).map(flagView),
    disqualified: row.disqualifiedAt
      ? { reason: row.disqualifyReason ?? '', at: iso(row.disqualifiedAt), by_admin_id: row.disqualifiedBy, by_name: row.disqualifiedByName }
      : null,
  };
}

async function requireGame(db: q.Queryable, companyId: number, gameId: number): Promise<q.GameRow> {
  const game = await q.findGame(db, gameId, companyId);
  if (!game) throw recordNotFound();
  return game;
}

/** Every player of the game with their flags (those without a flag too), in join order. */
export async function playersWithFlags(db: q.Queryable, gameId: number): Promise<Schemas['FairPlayPlayer'][]> {
  const rows = await fp.fairPlayPlayers(db, gameId);
  // Each answer with its question's kind, which says when two answers are the same.
  const types = new Map((await fp.questionsForStats(db, gameId)).map((question) => [question.id, question.questionType]));
  const answers = (await fp.fairPlayAnswers(db, gameId)).map((answer) => ({ ...answer, questionType: questionTypeOf(types.get(answer.questionId) ?? 0) }));
  const flags = fairPlayFlags(rows, answers);
  return rows.map((row) => playerView(row, flags.get(row.playerId)));
}

/** The flagged or disqualified players of a game (POST /triviaGame/fairPlay). */
export async function fairPlay(db: Db, companyId: number, gameId: number): Promise<Schemas['FairPlayData']> {
  const game = await requireGame(db, companyId, gameId);
  const list = (await playersWithFlags(db, game.id)).filter((p) => p.flags.length > 0 || p.disqualified !== null);
  return { list, total: list.length };
}

/** The reason as stored: trimmed, not empty (the contract refuses control characters and length). */
function cleanReason(lang: Lang, reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new FieldErrors({ reason: [translate(lang, 'live.fairPlay.reasonEmpty')] });
  return trimmed;
}

export interface DisqualifyOutcome {
  data: Schemas['DisqualifyData'];
  messageKey: MessageKey;
  params: { nickname: string };
  events: RealtimeEvent[];
  /** For the audit trail. */
  summary: string;
}

/**
 * Disqualifies a player (reason given) or takes it back (reason null), under the game's row lock, and
 * publishes the last published ranking again, on its question, without them (or with them again):
 * the display and every phone get `server.rankingPublished` at once. Before any ranking was
 * published there is nothing to publish again: the first one leaves them out. Either way
 * `server.disqualified` on the public topic names the player, whose phone reads its state again and
 * says so (the reason is in that player's own state only).
 */
export async function setDisqualified(
  db: Db,
  lang: Lang,
  companyId: number,
  adminId: number,
  input: { trivia_game_id: number; player_id: number; reason: string | null },
  now: Date,
): Promise<DisqualifyOutcome> {
  const reason = input.reason === null ? null : cleanReason(lang, input.reason);
  return db.transaction(async (tx) => {
    const game = await q.lockGame(tx, companyId, input.trivia_game_id);
    if (!game) throw recordNotFound();
    const player = await fp.lockPlayerOfGame(tx, game.id, input.player_id);
    if (!player) throw recordNotFound();
    if (reason !== null && player.disqualifiedAt) throw businessError('live.fairPlay.alreadyDisqualified');
    if (reason === null && !player.disqualifiedAt) throw businessError('live.fairPlay.notDisqualified');
    await fp.setDisqualification(tx, player.id, reason === null ? null : { at: now, reason, by: adminId });
    const changed: PlaySchemas['EventDisqualified'] = { trivia_game_id: game.id, player_id: player.id, disqualified: reason !== null };
    const events: RealtimeEvent[] = [{ topic: gameTopic(game.id, 'public'), type: 'server.disqualified', data: changed }];
    const latest = await q.latestRanking(tx, game.id);
    const question = latest?.questionId ? await q.questionOfGame(tx, game.id, latest.questionId) : undefined;
    if (question) events.push(...(await publishRanking(tx, game, question, now)).events);
    const view = (await playersWithFlags(tx, game.id)).find((p) => p.player_id === player.id)!;
    return {
      data: { player: view },
      messageKey: reason === null ? 'live.fairPlay.requalified' : 'live.fairPlay.disqualified',
      params: { nickname: view.nickname },
      events,
      summary: reason === null ? `requalified player ${player.id} (${view.nickname})` : `disqualified player ${player.id} (${view.nickname}): ${reason}`,
    };
  });
}

/** The top `count` of the current ranking (without the disqualified), with what decided each place and their flags. */
export async function winnersOf(db: Db, companyId: number, gameId: number, count: number): Promise<Schemas['WinnersData']> {
  const game = await requireGame(db, companyId, gameId);
  const ranking = await computeRanking(db, game);
  const flags = new Map((await playersWithFlags(db, game.id)).map((p) => [p.player_id, p.flags]));
  const list = winners(game.type as GameType, ranking, count).map((w) => ({
    rank: w.rank,
    player_id: w.playerId,
    nickname: w.nickname,
    score: w.score,
    level: w.level,
    elapsed_ms: w.elapsedMs,
    join_order: w.joinOrder,
    decided_by: w.decidedBy,
    flags: flags.get(w.playerId) ?? [],
  }));
  return { list, total: ranking.length, disqualified: await fp.countDisqualified(db, game.id) };
}

/** The winners as the display's podium shows them: `server.winners` on the game's public topic. */
export async function showWinners(db: Db, companyId: number, gameId: number, count: number): Promise<{ data: Schemas['WinnersData']; events: RealtimeEvent[] }> {
  const data = await winnersOf(db, companyId, gameId, count);
  const event: PlaySchemas['EventWinners'] = {
    trivia_game_id: gameId,
    count,
    list: data.list.map((w) => ({ rank: w.rank, player_id: w.player_id, nickname: w.nickname, score: w.score, level: w.level, elapsed_ms: w.elapsed_ms })),
  };
  return { data, events: [{ topic: gameTopic(gameId, 'public'), type: 'server.winners', data: event }] };
}

/** A game's questions with what their kinds read of them to count, reveal and export their answers. */
export async function questionRulesOf(db: q.Queryable, game: q.GameRow) {
  return (await fp.questionsForStats(db, game.id)).map((question) => ({ question, kind: kindOf(question.questionType), rule: scoringQuestion(game, question) }));
}

/** Per-question statistics of a game (POST /triviaGame/questionStats), as each kind counts: correct only once published. */
export async function questionStatsOf(db: Db, companyId: number, gameId: number): Promise<Schemas['QuestionStatsData']> {
  const game = await requireGame(db, companyId, gameId);
  const questions = await questionRulesOf(db, game);
  const byQuestion = new Map<number, Array<StoredAnswer & { correct: boolean | null; elapsedMs: number }>>();
  for (const answer of await fp.answersForStats(db, game.id)) {
    const list = byQuestion.get(answer.questionId);
    if (list) list.push(answer);
    else byQuestion.set(answer.questionId, [answer]);
  }
  return {
    list: questions.map(({ question, kind, rule }) => {
      const stats = questionStats({ questionType: kind.type, question: rule, answers: byQuestion.get(question.id) ?? [] });
      const published = question.status >= 2;
      return {
        question_id: question.id,
        sort: question.sort,
        title: question.title,
        level: question.level,
        status: question.status,
        answer: published ? kind.reveal(rule).answer : null,
        answered: stats.answered,
        correct: published ? stats.correct : null,
        percent_correct: published ? stats.percentCorrect : null,
        distribution: stats.distribution,
        typed: stats.typed,
        histogram: stats.histogram,
        median_ms: stats.medianMs,
      };
    }),
  };
}
