/**
 * A game's order and its questions in a batch: the block move of selected questions one place up or
 * down (/question/move) and the batch delete (/question/deleteBatch).
 *
 * The move is a list editor's move of a multi-selection: each run of selected questions goes one
 * place past the unselected question next to it, which takes the run's other end; a run already at
 * the top (bottom) stays. A question already shown (status ≥ 1) keeps its place: a move that would
 * shift one — selected, or the neighbour passed — is refused (code 201) and nothing changes. Then the
 * game's order numbers are written again, 1..n, except that a question already shown keeps its number
 * (the results export and the fair-play report print it as the question's number): numbering goes on
 * from it, so a gap left by a deleted question before it stays.
 *
 * Why renumbering cannot disturb a live game: the live flow never reads `sort`. The server shows the
 * question the operator names (by id), answers, publishes and ranks by id and status
 * (features/live/flow, live/sql/questions.ts); the control screen's "show next" is the first question
 * not sent in the list it loaded, and the order among questions not sent is exactly what a move
 * changes. Both writes run in one transaction that locks the game row and every question row of the
 * game (FOR UPDATE), so a question shown meanwhile (the show is an UPDATE of its row) is either seen
 * as shown here or waits until the move or delete is committed.
 */
import type { Db } from '../../../db/client.js';
import { businessError, recordNotFound } from '../../../lib/envelope.js';
import * as q from '../queries.js';
import './messages.js';

/** Locks the game (of the company) and its questions; 404 unless every id is one of its questions. */
async function lockedQuestions(tx: q.Queryable, companyId: number, gameId: number, ids: readonly number[]) {
  const game = await q.findGame(tx, companyId, gameId, { lock: true });
  if (!game) throw recordNotFound();
  const list = await q.gameQuestions(tx, game.id, { lock: true });
  const known = new Set(list.map((question) => question.id));
  if (!ids.every((id) => known.has(id))) throw recordNotFound();
  return { game, list };
}

/** The order after moving the selected ids one place (`by` -1 up, 1 down), as a list editor moves a multi-selection. */
export function movedOrder<T>(order: readonly T[], selected: ReadonlySet<T>, by: -1 | 1): T[] {
  const next = [...order];
  const swap = (i: number, j: number) => ([next[i], next[j]] = [next[j]!, next[i]!]);
  if (by === -1) {
    for (let i = 1; i < next.length; i++) if (selected.has(next[i]!) && !selected.has(next[i - 1]!)) swap(i, i - 1);
  } else {
    for (let i = next.length - 2; i >= 0; i--) if (selected.has(next[i]!) && !selected.has(next[i + 1]!)) swap(i, i + 1);
  }
  return next;
}

/**
 * The order numbers of the questions in their new order: 1, 2, 3 … but a question already shown keeps
 * its own (the numbering goes on from it) when it is above the one before it.
 */
export function orderNumbers(list: ReadonlyArray<Pick<q.QuestionRow, 'status' | 'sort'>>): number[] {
  let previous = 0;
  return list.map((question) => {
    previous = question.status >= 1 && question.sort > previous ? question.sort : previous + 1;
    return previous;
  });
}

/** Moves the questions `ids` of the game one place; the game's question ids in their new order. */
export async function moveQuestions(db: Db, companyId: number, input: { trivia_game_id: number; ids: number[]; by: -1 | 1 }): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { game, list } = await lockedQuestions(tx, companyId, input.trivia_game_id, input.ids);
    const moved = movedOrder(list, new Set(list.filter((question) => input.ids.includes(question.id))), input.by);
    if (moved.some((question, index) => question.status >= 1 && list[index] !== question)) throw businessError('questionBulk.moveShown');
    const numbers = orderNumbers(moved);
    const changed = moved.flatMap((question, index): Array<[number, number]> => (question.sort === numbers[index] ? [] : [[question.id, numbers[index]!]]));
    await q.setQuestionSorts(tx, game.id, changed);
    return moved.map((question) => question.id);
  });
}

/** Deletes the questions `ids` of the game, all or nothing: none while one of them is on screen. */
export async function deleteQuestions(db: Db, companyId: number, input: { trivia_game_id: number; ids: number[] }): Promise<number> {
  return db.transaction(async (tx) => {
    const { game, list } = await lockedQuestions(tx, companyId, input.trivia_game_id, input.ids);
    const ids = new Set(input.ids);
    // /question/delete's rule: a question on screen (status 1) is not deleted.
    if (list.some((question) => ids.has(question.id) && question.status === 1)) throw businessError('questionBulk.deleteOnScreen');
    return (await q.deleteGameQuestions(tx, game.id, [...ids])).length;
  });
}
