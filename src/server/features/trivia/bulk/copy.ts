/**
 * Copying questions into a game of the same company (/question/copy): the same game or another, of
 * either type. Each copy is the question as written (draftOf), fitted to the target game and said in
 * the preview as a warning:
 * - into a level game: the level of the same number; a number the target lacks → its last level
 *   (sheet.levelMapped); from a speed contest (no level) → its first level (sheet.levelAssigned); the
 *   bonus flag cleared (sheet.bonusCleared);
 * - into a speed contest: the level cleared (sheet.levelCleared); a question without a time limit
 *   gets one (sheet.timeLimitSet, its stored seconds).
 * Images are kept as they are (they are the company's own). Then the question form's rules for the
 * target (validateQuestion after applyGameType) decide; the copies are stored through the service's
 * questionColumns, like every question written. All or nothing: one copy with an error → 422 on `ids`
 * and nothing created; a dry run only answers the preview. Never copies a question of another
 * company (404), never changes the source.
 */
import type { components } from '@openapi/admin-api';
import { formatSheetMessage, type SheetProblemKey } from '../../../../domain/sheet-messages.js';
import { kindOf } from '../../../../domain/question-kinds/index.js';
import { applyGameType, validateQuestion, type GameType, type QuestionDraft } from '../../../../domain/question-rules.js';
import type { Db } from '../../../db/client.js';
import { translate, type Lang } from '../../../i18n.js';
import { FieldErrors, recordNotFound } from '../../../lib/envelope.js';
import * as q from '../queries.js';
import { draftOf, questionColumns } from '../service.js';
import './messages.js';

type Schemas = components['schemas'];
type Problem = Schemas['QuestionSheetProblem'];

const problem = (lang: Lang, severity: Problem['severity'], field: string, key: SheetProblemKey, params?: Record<string, string | number>): Problem => ({
  column: '',
  header: '',
  field,
  severity,
  message: formatSheetMessage(lang, key, params),
});

interface PlannedCopy {
  row: Schemas['QuestionCopyRow'];
  draft: QuestionDraft;
  /** The speaker notes, copied as they are (no rule of the form reads them). */
  notes: string;
}

/** One question fitted to the target game, with what changed (warnings) and the rules it breaks (errors). */
function planCopy(lang: Lang, source: q.QuestionRow, levelFrom: number | null, target: q.GameRow, levels: q.LevelRow[]): PlannedCopy {
  const targetType = target.type as GameType;
  const problems: Problem[] = [];
  const draft = draftOf(source);
  let levelTo: number | null = null;

  if (targetType === 2) {
    const sameNumber = levelFrom === null ? undefined : levels.find((level) => level.level === levelFrom);
    const first = levels[0];
    const last = levels[levels.length - 1];
    if (sameNumber) {
      draft.level_id = sameNumber.id;
      levelTo = sameNumber.level;
    } else if (levelFrom !== null && last) {
      draft.level_id = last.id;
      levelTo = last.level;
      problems.push(problem(lang, 'warning', 'level_id', 'sheet.levelMapped', { from: levelFrom, to: last.level }));
    } else if (first) {
      draft.level_id = first.id;
      levelTo = first.level;
      problems.push(problem(lang, 'warning', 'level_id', 'sheet.levelAssigned', { to: first.level }));
    } else draft.level_id = 0;
    if (draft.is_bonus === 1) problems.push(problem(lang, 'warning', 'is_bonus', 'sheet.bonusCleared'));
  } else {
    if (levelFrom !== null || draft.level_id !== 0) problems.push(problem(lang, 'warning', 'level_id', 'sheet.levelCleared'));
    draft.level_id = 0;
    if (kindOf(draft.question_type).answerable && draft.have_answering_time !== 1) {
      problems.push(problem(lang, 'warning', 'answering_time', 'sheet.timeLimitSet', { seconds: draft.answering_time }));
    }
  }

  const applied = applyGameType(draft, targetType);
  const errors = validateQuestion(applied, { gameType: targetType, levelIds: levels.map((level) => level.id) });
  for (const [field, keys] of Object.entries(errors)) for (const key of keys) problems.push(problem(lang, 'error', field, key));
  return {
    draft: applied,
    notes: source.notes,
    row: { id: source.id, title: source.title, question_type: applied.question_type, level_from: levelFrom, level_to: levelTo, problems },
  };
}

/**
 * The copies of `ids` into the game `trivia_game_id` (a game of the company), in their games' order
 * (game, then order), after the target's last question, not sent. A dry run creates nothing.
 */
export async function copyQuestions(db: Db, lang: Lang, companyId: number, input: Schemas['QuestionCopyRequest']): Promise<Schemas['QuestionCopyData']> {
  return db.transaction(async (tx) => {
    // The target locked: two copies into one game append one after the other.
    const target = await q.findGame(tx, companyId, input.trivia_game_id, { lock: !input.dry_run });
    if (!target) throw recordNotFound();
    const sources = await q.companyQuestions(tx, companyId, input.ids);
    if (sources.length !== new Set(input.ids).size) throw recordNotFound();
    const levels = target.type === 2 ? await q.listLevels(tx, target.id) : [];

    const planned = sources.map(({ question, level }) => planCopy(lang, question, level, target, levels));
    const invalid = planned.filter((copy) => copy.row.problems.some((p) => p.severity === 'error')).length;
    const rows = planned.map((copy) => copy.row);
    if (input.dry_run) return { created: 0, invalid, rows };
    if (invalid > 0) throw new FieldErrors({ ids: [translate(lang, 'questionBulk.copyInvalid', { invalid })] });

    const created = await q.appendQuestions(
      tx,
      target.id,
      planned.map((copy) => ({ ...questionColumns(copy.draft), notes: copy.notes, status: 0 })),
    );
    return { created: created.length, invalid: 0, rows };
  });
}
