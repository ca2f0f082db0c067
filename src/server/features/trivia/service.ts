/**
 * The rules of trivia games, levels and questions on the server: validation through the shared
 * domain rules (src/domain, the same the SPA's dialogs use), the game PIN, and the refusals that
 * protect a live game (nothing on screen is deleted or changed). Every function takes the company
 * the request acts for; a row of another company is "not found", never data.
 */
import { randomInt } from 'node:crypto';
import type { components } from '@openapi/admin-api';
import { AUTO_ADVANCE_DEFAULT } from '../../../../machines/game/autopilot.js';
import { autopilotNeedsQuestions } from '../../../../machines/game/autopilot-state.js';
import { copyTitle, PLAYER_CAP_DEFAULT, validateGame } from '../../../domain/game-rules.js';
import {
  applyGameType,
  defaultQuestionDraft,
  validatePromotionScores,
  validateQuestion,
  type GameType,
  type QuestionDraft,
} from '../../../domain/question-rules.js';
import { formatDomainMessage } from '../../../domain/messages.js';
import { kindOf, questionTypeOf } from '../../../domain/question-kinds/index.js';
import type { Db } from '../../db/client.js';
import { translate, type Lang } from '../../i18n.js';
import { assertNoFieldErrors } from '../../lib/domain-errors.js';
import { sanitizeExplanation } from '../../lib/sanitize.js';
import { businessError, FieldErrors, recordNotFound } from '../../lib/envelope.js';
import { imageCompany } from '../file/images.js';
import * as q from './queries.js';

type Schemas = components['schemas'];
type GameInput = Schemas['TriviaGameCreateRequest'];
type QuestionInput = Omit<Schemas['QuestionCreateRequest'], 'trivia_game_id'>;
type LevelInput = Schemas['TriviaGameUpdateLevelRequest']['trivia_game_level'];

const PIN_ATTEMPTS = 20;
const ACTIVE_PIN_INDEX = 'trivia_games_active_pin_unique';

export const newPin = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** A unique violation of the active-PIN index, wherever the driver put it (Drizzle wraps errors). */
function isPinCollision(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === ACTIVE_PIN_INDEX || e.message?.includes(ACTIVE_PIN_INDEX))) return true;
  }
  return false;
}

/** Runs `attempt` with fresh PINs until one is free among the enabled games. */
export async function withFreePin<T>(attempt: (pin: string) => Promise<T>): Promise<T> {
  for (let i = 0; i < PIN_ATTEMPTS; i++) {
    try {
      return await attempt(newPin());
    } catch (error) {
      if (!isPinCollision(error)) throw error;
    }
  }
  throw businessError('trivia.pinUnavailable');
}

const toDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

// ------------------------------------------------------------------ games

async function requireGame(db: q.Queryable, companyId: number, id: number, options: { lock?: boolean } = {}): Promise<q.GameRow> {
  const game = await q.findGame(db, companyId, id, options);
  if (!game) throw recordNotFound();
  return game;
}

/**
 * The open time range applies to level games only; a speed contest keeps none. An omitted player cap
 * is the default on a new game and unchanged on an update.
 */
function gameColumns(input: GameInput, current?: q.GameRow) {
  const type = input.type as GameType;
  const time = (value: string | null | undefined, stored: Date | null | undefined) => (value === undefined ? (stored ?? null) : toDate(value));
  return {
    title: input.title.trim(),
    type,
    startTime: type === 2 ? time(input.start_time, current?.startTime) : null,
    endTime: type === 2 ? time(input.end_time, current?.endTime) : null,
    playerCap: input.player_cap ?? current?.playerCap ?? PLAYER_CAP_DEFAULT,
    autoAdvance: input.auto_advance ?? current?.autoAdvance ?? AUTO_ADVANCE_DEFAULT,
  };
}

const gameErrors = (columns: ReturnType<typeof gameColumns>) =>
  validateGame({ title: columns.title, type: columns.type, start_time: columns.startTime, end_time: columns.endTime, player_cap: columns.playerCap });

/**
 * A page of games, with the questions of those whose autopilot is on (one query for the page: the
 * others' autopilot is off whatever their questions, machines/game/autopilot-state.ts).
 */
export async function listGames(db: Db, companyId: number, filters: q.GameFilters) {
  const page = await q.listGames(db, companyId, filters);
  const questions = await q.questionsOfGames(db, page.rows.filter(({ game }) => autopilotNeedsQuestions(game)).map(({ game }) => game.id));
  return { ...page, rows: page.rows.map((row) => ({ ...row, questions: questions.filter((question) => question.triviaGameId === row.game.id) })) };
}

export async function createGame(db: Db, lang: Lang, companyId: number, input: GameInput): Promise<number> {
  const columns = gameColumns(input);
  assertNoFieldErrors(lang, gameErrors(columns));
  const status = input.status ?? 1;
  return withFreePin((pin) =>
    db.transaction(async (tx) => {
      const game = await q.insertGame(tx, { companyId, ...columns, status, pin });
      // A level game starts with one level so that questions can be added at once.
      if (columns.type === 2) await q.upsertLevel(tx, game.id, 1, null);
      return game.id;
    }),
  );
}

/** Omitted open times and status stay as they are. */
export async function updateGame(db: Db, lang: Lang, companyId: number, input: GameInput & { id: number }): Promise<void> {
  await withFreePin((freshPin) =>
    db.transaction(async (tx) => {
      const game = await requireGame(tx, companyId, input.id, { lock: true });
      const columns = gameColumns(input, game);
      assertNoFieldErrors(lang, gameErrors(columns));
      const status = input.status ?? game.status;
      if (columns.type !== game.type) {
        if ((await q.countQuestions(tx, game.id)) > 0) throw businessError('trivia.typeChangeWithQuestions');
        if (columns.type === 2) await q.upsertLevel(tx, game.id, 1, null);
        else await q.deleteAllLevels(tx, game.id);
      }
      // A closed game's PIN may have gone to an enabled game meanwhile: reopening it takes a fresh one.
      const reopening = status === 1 && game.status === 0;
      const pin = reopening && (await q.pinInUse(tx, game.pin, game.id)) ? freshPin : game.pin;
      const endedAt = status === 0 ? (game.endedAt ?? new Date()) : null;
      await q.updateGame(tx, companyId, game.id, { ...columns, status, pin, endedAt });
    }),
  );
}

export async function deleteGame(db: Db, companyId: number, id: number): Promise<void> {
  if (await q.deleteGameUnlessLive(db, companyId, id)) return;
  await requireGame(db, companyId, id);
  throw businessError('trivia.gameHasQuestionOnScreen');
}

export async function gameDetail(db: Db, companyId: number, id: number) {
  const game = await requireGame(db, companyId, id);
  const [questionCount, answerCount, levels, questions] = await Promise.all([
    q.countQuestions(db, id),
    q.countAnswers(db, id),
    q.listLevels(db, id),
    autopilotNeedsQuestions(game) ? q.gameQuestions(db, id) : [],
  ]);
  return { game, questionCount, answerCount, levels, questions };
}

/**
 * Copies a game of the company with its levels and questions (docs/venue.md, "Rehearse, reset,
 * duplicate"): a new disabled game with a new PIN, its title marked as a copy in the request's
 * language, no players, every question not sent. Image addresses are shared: image files are never
 * deleted with a game, so the copy cannot lose them. Returns the new game's id.
 */
export async function duplicateGame(db: Db, lang: Lang, companyId: number, id: number): Promise<number> {
  return withFreePin((pin) =>
    db.transaction(async (tx) => {
      const game = await requireGame(tx, companyId, id);
      const copy = await q.insertGame(tx, {
        companyId,
        title: copyTitle(game.title, translate(lang, 'trivia.copySuffix')),
        type: game.type,
        startTime: game.startTime,
        endTime: game.endTime,
        status: 0,
        pin,
        playerCap: game.playerCap,
        // The autopilot's settings, never its run (last step, pause) nor the stage message.
        autoAdvance: game.autoAdvance,
      });
      await q.copyLevelsAndQuestions(tx, game.id, copy.id);
      return copy.id;
    }),
  );
}

export async function gameLevels(db: Db, companyId: number, gameId: number): Promise<q.LevelRow[]> {
  await requireGame(db, companyId, gameId);
  return q.listLevels(db, gameId);
}

/**
 * Saves a level game's levels: numbered 1..n, a promotion score (≥ 0) for every level but the last,
 * which has none. Levels are matched by number; a level removed while questions still use it is refused.
 */
export async function saveLevels(db: Db, lang: Lang, companyId: number, gameId: number, levels: LevelInput): Promise<q.LevelRow[]> {
  const game = await requireGame(db, companyId, gameId);
  if (game.type !== 2) throw businessError('trivia.levelsOnlyForLevelGames');

  if (levels.length === 0) throw new FieldErrors({ trivia_game_level: [translate(lang, 'trivia.levelsRequired')] });
  const numbers = levels.map((l) => l.level).sort((a, b) => a - b);
  if (numbers.some((n, i) => n !== i + 1)) throw new FieldErrors({ trivia_game_level: [translate(lang, 'trivia.levelNumbering')] });
  const missing = validatePromotionScores(levels);
  if (missing.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const { level, key } of missing) {
      const index = levels.findIndex((l) => l.level === level);
      errors[`trivia_game_level.${index}.promotion_score`] = [formatDomainMessage(lang, key, { n: level })];
    }
    throw new FieldErrors(errors);
  }

  const last = levels.length;
  return db.transaction(async (tx) => {
    await requireGame(tx, companyId, gameId, { lock: true });
    const inUse = await q.removedLevelInUse(tx, gameId, last);
    if (inUse !== undefined) throw businessError('trivia.levelHasQuestions', { n: inUse });
    await q.deleteLevelsAbove(tx, gameId, last);
    for (const { level, promotion_score } of levels) await q.upsertLevel(tx, gameId, level, level === last ? null : promotion_score);
    return q.listLevels(tx, gameId);
  });
}

// ------------------------------------------------------------------ questions

export function draftOf(row: q.QuestionRow): QuestionDraft {
  return {
    title: row.title,
    question_text: row.questionText,
    question_img: row.questionImg,
    pre_video_url: row.preVideoUrl,
    level_id: row.levelId ?? 0,
    have_answering_time: row.haveAnsweringTime === 1 ? 1 : 0,
    answering_time: row.answeringTime,
    score: row.score,
    // A stored type that is no kind throws (500), it never becomes single choice.
    question_type: questionTypeOf(row.questionType),
    is_bonus: row.isBonus === 1 ? 1 : 0,
    options: row.options,
    answer: row.answer,
    accepted_answers: row.acceptedAnswers,
    ignore_punctuation: row.ignorePunctuation === 1 ? 1 : 0,
    slider: row.slider,
    explanation: row.explanation,
  };
}

/** The fields of a question a request may send, each typed as the draft has it. */
const MERGED_FIELDS = [
  'title',
  'question_text',
  'question_img',
  'pre_video_url',
  'level_id',
  'have_answering_time',
  'answering_time',
  'score',
  'question_type',
  'is_bonus',
  'options',
  'answer',
  'accepted_answers',
  'ignore_punctuation',
  'slider',
  'explanation',
] as const satisfies readonly (keyof QuestionDraft & keyof QuestionInput)[];
type MergedField = (typeof MERGED_FIELDS)[number];
/** What a request sends of a draft: the compiler checks each field's type is the draft's. */
type SentFields = Partial<Pick<QuestionDraft, MergedField>>;

/** Copies one field when it was sent. */
function copySent<K extends MergedField>(draft: QuestionDraft, sent: SentFields, field: K): void {
  const value = sent[field];
  if (value !== undefined) draft[field] = value;
}

/** The fields the request sent, over the draft it changes (absent = unchanged, or the default when new). */
function mergeDraft(base: QuestionDraft, input: QuestionInput): QuestionDraft {
  const draft: QuestionDraft = { ...base };
  const sent: SentFields = input;
  for (const field of MERGED_FIELDS) copySent(draft, sent, field);
  return draft;
}

/**
 * The image fields that are not an image this company uploaded (`/files/images/<cid>/…`), as 422s: a
 * question shows only its own company's images, never another company's or an outside address. An
 * image the question already had stays allowed (images uploaded before they were kept per company).
 */
function foreignImageErrors(lang: Lang, game: q.GameRow, draft: Pick<QuestionDraft, 'question_img' | 'options'>, before: QuestionDraft | null): Record<string, string[]> {
  const kept = new Set(before ? [before.question_img, ...before.options.map((option) => option.img)].map((img) => img.trim()) : []);
  const fields: Array<[string, string]> = [['question_img', draft.question_img], ...draft.options.map((option, i): [string, string] => [`options.${i}.img`, option.img])];
  const errors: Record<string, string[]> = {};
  for (const [field, value] of fields) {
    const img = value.trim();
    if (img === '' || kept.has(img) || imageCompany(img) === game.companyId) continue;
    errors[field] = [translate(lang, 'trivia.imageNotOwn')];
  }
  return errors;
}

/**
 * Validates a draft for its game and returns the columns to store; `before` = the question's current
 * draft. What is stored of the kind's parts is the kind's (`parts`): true/false's fixed options, the
 * parts a kind does not use emptied, whatever the request or the question before held; the
 * explanation is sanitized to bold, italic and links.
 */
async function checkedQuestion(db: q.Queryable, lang: Lang, game: q.GameRow, input: QuestionDraft, before: QuestionDraft | null = null) {
  const draft = applyGameType(input, game.type as GameType);
  const levelIds = game.type === 2 ? await q.levelIdsOfGame(db, game.id) : [];
  assertNoFieldErrors(lang, validateQuestion(draft, { gameType: game.type as GameType, levelIds }));
  const parts = kindOf(draft.question_type).parts(draft);
  const imageErrors = foreignImageErrors(lang, game, { question_img: draft.question_img, options: parts.options }, before);
  if (Object.keys(imageErrors).length > 0) throw new FieldErrors(imageErrors);
  return questionColumns(draft);
}

/**
 * The columns stored for a draft that passed the question form's rules for its game (the game type's
 * rules applied): the kind's parts (`parts`), texts trimmed, the explanation sanitized to bold,
 * italic and links. Every way a question is written goes through it (create, update, import, copy).
 */
export function questionColumns(draft: QuestionDraft) {
  const parts = kindOf(draft.question_type).parts(draft);
  return {
    title: draft.title.trim(),
    questionText: draft.question_text,
    questionImg: draft.question_img.trim(),
    preVideoUrl: draft.pre_video_url.trim(),
    levelId: draft.level_id || null,
    haveAnsweringTime: draft.have_answering_time,
    answeringTime: draft.answering_time,
    score: draft.score,
    questionType: draft.question_type,
    isBonus: draft.is_bonus,
    options: parts.options.map(({ title, text, img }) => ({ title, text, img: img.trim() })),
    answer: parts.answer,
    acceptedAnswers: parts.accepted_answers,
    ignorePunctuation: parts.ignore_punctuation,
    slider: parts.slider,
    explanation: sanitizeExplanation(draft.explanation),
  };
}

export async function listQuestions(db: Db, companyId: number, filters: q.QuestionFilters & { trivia_game_id: number }) {
  const page = await q.listQuestions(db, companyId, filters.trivia_game_id, filters);
  // No row: a game without such questions, or no game of the company (404).
  if (page.rows.length === 0) await requireGame(db, companyId, filters.trivia_game_id);
  return page;
}

export async function questionDetail(db: Db, companyId: number, id: number): Promise<q.QuestionRow> {
  const found = await q.findQuestion(db, companyId, id);
  if (!found) throw recordNotFound();
  return found.question;
}

export async function createQuestion(db: Db, lang: Lang, companyId: number, input: Schemas['QuestionCreateRequest']): Promise<number> {
  const game = await requireGame(db, companyId, input.trivia_game_id);
  const columns = await checkedQuestion(db, lang, game, mergeDraft(defaultQuestionDraft(), input));
  return q.insertQuestion(db, { triviaGameId: game.id, ...columns, notes: input.notes ?? '', sort: input.sort });
}

export async function updateQuestion(db: Db, lang: Lang, companyId: number, input: Schemas['QuestionUpdateRequest']): Promise<void> {
  const found = await q.findQuestion(db, companyId, input.id);
  // A question is changed only within its own game; any other game id is a question that does not exist.
  if (!found || found.game.id !== input.trivia_game_id) throw recordNotFound();
  if (found.question.status >= 1) throw businessError('trivia.questionLocked');
  const before = draftOf(found.question);
  const columns = await checkedQuestion(db, lang, found.game, mergeDraft(before, input), before);
  const updated = await q.updateUnsentQuestion(db, input.id, {
    ...columns,
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
  });
  if (!updated) throw businessError('trivia.questionLocked');
}

export async function deleteQuestion(db: Db, companyId: number, id: number): Promise<void> {
  const found = await q.findQuestion(db, companyId, id);
  if (!found) throw recordNotFound();
  if (await q.deleteQuestionUnlessOnScreen(db, id)) return;
  if (!(await q.findQuestion(db, companyId, id))) throw recordNotFound();
  throw businessError('trivia.questionOnScreen');
}
