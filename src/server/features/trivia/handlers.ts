/**
 * Operations of trivia games, levels and questions, named as the contract's operationIds. Handlers
 * stay thin: the rules live in service.ts, the SQL in queries.ts; here rows become the contract's
 * shapes (snake_case, ISO times, level_id 0 when none). The live game (gameFlow, getRank, and the reset
 * after a rehearsal, triviaGameReset) is not here: trivia sits below live. Closing a game by update
 * announces it on the live game's topics through `app.live.gameClosing` (live/flow/game-closed.ts),
 * which the live plugin decorates.
 */
import type { components } from '@openapi/admin-api';
import type { OperationHandlers } from '../../contract/handlers.js';
import { joinUrlOf } from '../../../domain/venue-rules.js';
import { questionTypeOf } from '../../../domain/question-kinds/index.js';
import { autopilotStateOf } from '../../../../machines/game/autopilot-state.js';
import { noteAudit } from '../../lib/audit-note.js';
import { choosePublicBase, publicBaseOf } from '../venue/join-url.js';
import { success } from '../../lib/envelope.js';
import { attachmentHeader } from '../../lib/results-file.js';
import * as service from './service.js';
// Questions in bulk: the import and its template (bulk/import.ts, bulk/import-template.ts); the export,
// the copy, the block move and the batch delete (bulk/export.ts, copy.ts, order.ts).
import { importQuestions, readQuestionImportForm } from './bulk/import.js';
import { questionImportTemplate } from './bulk/import-template.js';
import { copyQuestions } from './bulk/copy.js';
import { exportQuestions } from './bulk/export.js';
import { deleteQuestions, moveQuestions } from './bulk/order.js';
import type { GameRow, LevelRow, QuestionRow } from './queries.js';

type Schemas = components['schemas'];

/** Question ids for an audit summary: the first 20 and how many more. */
const idsNote = (ids: number[]) => `${ids.length} (${ids.slice(0, 20).join(',')}${ids.length > 20 ? ',…' : ''})`;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function levelItem(row: LevelRow): Schemas['Level'] {
  return { id: row.id, level: row.level, promotion_score: row.promotionScore };
}

/** `base`: the company's public base URL (venue/join-url.ts) the join address starts with; null = none. */
function gameItem(row: GameRow, counts: { questionCount: number; answerCount: number; questions: QuestionRow[] }, base: string | null, levels?: LevelRow[]): Schemas['TriviaGame'] {
  return {
    id: row.id,
    title: row.title,
    type: row.type as Schemas['TriviaGameType'],
    start_time: iso(row.startTime),
    end_time: iso(row.endTime),
    status: row.status as Schemas['TriviaGameStatus'],
    pin: row.pin,
    question_count: counts.questionCount,
    player_count: row.playerCount,
    player_cap: row.playerCap,
    answer_count: counts.answerCount,
    ended_at: iso(row.endedAt),
    rehearsal_players: row.rehearsalPlayers,
    join_url: joinUrlOf(base, row.pin),
    current_question_id: row.currentQuestionId,
    auto_advance: row.autoAdvance,
    autopilot: autopilotStateOf(row, counts.questions),
    stage_message: row.stageMessage ?? null,
    ...(levels ? { levels: levels.map(levelItem) } : {}),
  };
}

function questionItem(row: QuestionRow): Schemas['Question'] {
  return {
    id: row.id,
    trivia_game_id: row.triviaGameId,
    title: row.title,
    question_text: row.questionText,
    question_img: row.questionImg,
    pre_video_url: row.preVideoUrl,
    level_id: row.levelId ?? 0,
    have_answering_time: row.haveAnsweringTime as Schemas['Flag'],
    answering_time: row.answeringTime,
    score: row.score,
    question_type: questionTypeOf(row.questionType),
    is_bonus: row.isBonus as Schemas['Flag'],
    options: row.options,
    answer: row.answer,
    accepted_answers: row.acceptedAnswers,
    ignore_punctuation: row.ignorePunctuation === 1 ? 1 : 0,
    slider: row.slider,
    explanation: row.explanation,
    notes: row.notes,
    status: row.status as Schemas['QuestionStatus'],
    sort: row.sort,
  };
}

export const triviaHandlers: OperationHandlers = {
  async triviaGameList(request) {
    const { rows, total, companyPublicUrl } = await service.listGames(request.server.db, request.companyId, request.body);
    const { base } = choosePublicBase(companyPublicUrl, request.server.config.publicUrl);
    return { list: rows.map(({ game, ...counts }) => gameItem(game, counts, base)), total } satisfies Schemas['TriviaGameListData'];
  },

  async triviaGameCreate(request) {
    const id = await service.createGame(request.server.db, request.lang, request.companyId, request.body);
    return { id } satisfies Schemas['CreatedData'];
  },

  async triviaGameUpdate(request) {
    const { id, status } = request.body;
    // Closing an enabled game here tells its players and screens, as game-flow step 5 does.
    const closing = status === 0 && (await request.server.live.gameClosing.isOpen(request.companyId, id));
    await service.updateGame(request.server.db, request.lang, request.companyId, request.body);
    if (closing) await request.server.live.gameClosing.announce(request.companyId, id);
    // New settings: when the next step is due now (server.autopilot, heard by every instance's autopilot).
    if (request.body.auto_advance !== undefined) await request.server.live.autopilot.publishState(id);
    return {};
  },

  async triviaGameDetail(request) {
    const { game, levels, ...counts } = await service.gameDetail(request.server.db, request.companyId, request.body.id);
    const { base } = await publicBaseOf(request.server.db, request.companyId, request.server.config.publicUrl);
    return { item: gameItem(game, counts, base, levels) } satisfies Schemas['TriviaGameItemData'];
  },

  async triviaGameDelete(request) {
    await service.deleteGame(request.server.db, request.companyId, request.body.id);
    return {};
  },

  async triviaGameDuplicate(request) {
    const { id } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: id });
    const copyId = await service.duplicateGame(request.server.db, request.lang, request.companyId, id);
    noteAudit(request, { summary: `copied to game ${copyId}` });
    return success({ id: copyId } satisfies Schemas['CreatedData'], 'trivia.duplicated');
  },

  async triviaGameAllLevel(request) {
    const levels = await service.gameLevels(request.server.db, request.companyId, request.body.trivia_game_id);
    return { list: levels.map(levelItem) } satisfies Schemas['LevelListData'];
  },

  async triviaGameUpdateLevel(request) {
    const { trivia_game_id, trivia_game_level } = request.body;
    const levels = await service.saveLevels(request.server.db, request.lang, request.companyId, trivia_game_id, trivia_game_level);
    return { list: levels.map(levelItem) } satisfies Schemas['LevelListData'];
  },

  async questionList(request) {
    const { rows, total } = await service.listQuestions(request.server.db, request.companyId, request.body);
    return { list: rows.map(questionItem), total } satisfies Schemas['QuestionListData'];
  },

  async questionDetail(request) {
    const question = await service.questionDetail(request.server.db, request.companyId, request.body.id);
    return { item: questionItem(question) } satisfies Schemas['QuestionItemData'];
  },

  async questionCreate(request) {
    const id = await service.createQuestion(request.server.db, request.lang, request.companyId, request.body);
    return { id } satisfies Schemas['CreatedData'];
  },

  async questionUpdate(request) {
    await service.updateQuestion(request.server.db, request.lang, request.companyId, request.body);
    return {};
  },

  async questionDelete(request) {
    await service.deleteQuestion(request.server.db, request.companyId, request.body.id);
    return {};
  },

  // ---------------------------------------------------------------- questions in bulk: import
  async questionImport(request) {
    noteAudit(request, { targetType: 'triviaGame', targetId: null });
    const upload = await readQuestionImportForm(request);
    noteAudit(request, { targetId: upload.gameId });
    const { server, companyId, lang } = request;
    const { data } = await importQuestions({ db: server.db, store: server.fileStore, companyId, lang }, upload);
    if (upload.dryRun) {
      noteAudit(request, { summary: `dry run: ${data.total} rows (${data.layout}), ${data.invalid} with errors` });
      return success(data, 'questionImport.checked', { total: data.total, invalid: data.invalid });
    }
    noteAudit(request, { summary: `imported ${data.created} questions from ${data.total} rows (${data.layout})` });
    return success(data, 'questionImport.done', { created: data.created });
  },

  async questionImportTemplate(request, reply) {
    const { body, type, name } = await questionImportTemplate(request.body.format, request.lang);
    reply.header('content-disposition', attachmentHeader(name)).header('cache-control', 'no-store').type(type);
    // Sent here (a file, not an envelope); awaiting the reply lets the contract plugin see it sent.
    await reply.send(body);
  },

  // ---------------------------------------------------------------- questions in bulk: export, copy, move, delete (bulk/*.ts)

  async questionExport(request, reply) {
    const file = await exportQuestions(request.server.db, request.lang, request.companyId, request.body);
    reply.header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').type(file.contentType);
    if (file.leftOut !== null) reply.header('x-questions-left-out', String(file.leftOut));
    // Sent here (a file, not an envelope); awaiting the reply lets the contract plugin see it sent.
    await reply.send(file.body);
  },

  async questionCopy(request) {
    const { ids, trivia_game_id, dry_run } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: trivia_game_id });
    const data = await copyQuestions(request.server.db, request.lang, request.companyId, request.body);
    if (dry_run) {
      noteAudit(request, { summary: `preview of copying questions ${idsNote(ids)}: ${data.invalid} invalid` });
      return data satisfies Schemas['QuestionCopyData'];
    }
    noteAudit(request, { summary: `copied questions ${idsNote(ids)}: ${data.created} created` });
    return success(data satisfies Schemas['QuestionCopyData'], 'questionBulk.copied', { created: data.created });
  },

  async questionMove(request) {
    const { trivia_game_id, ids, by } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: trivia_game_id, summary: `moved questions ${idsNote(ids)} ${by < 0 ? 'up' : 'down'}` });
    const order = await moveQuestions(request.server.db, request.companyId, { trivia_game_id, ids, by: by < 0 ? -1 : 1 });
    return { ids: order } satisfies Schemas['QuestionMoveData'];
  },

  async questionDeleteBatch(request) {
    const { trivia_game_id, ids } = request.body;
    noteAudit(request, { targetType: 'triviaGame', targetId: trivia_game_id, summary: `deleted questions ${idsNote(ids)}` });
    const deleted = await deleteQuestions(request.server.db, request.companyId, { trivia_game_id, ids });
    return success({ deleted } satisfies Schemas['QuestionDeleteBatchData'], 'questionBulk.deleted', { deleted });
  },
};
