/**
 * The reveal of a published question as the player's and the display's state show it (views.ts
 * revealOf over the question's answers). Once a question's answer is published its answers no longer
 * change (answering is closed; a reset puts the question back to not sent, and a new publication has
 * a new time), so each reveal is read once per process and kept, keyed by the question and its
 * publication time: a crowd of phones reading their state reads the answers once.
 * Never a reveal before publication.
 */
import * as q from '../queries.js';
import { revealOf, type PlaySchemas } from '../views.js';

/** Reveals kept (the questions of the games running on this instance). */
const KEPT = 256;
const kept = new Map<string, Promise<PlaySchemas['Reveal']>>();

/** The question's reveal once its answer is published; null before. */
export function publishedReveal(db: q.Queryable, game: q.GameRow, question: q.QuestionRow): Promise<PlaySchemas['Reveal']> | null {
  if (question.status < 2) return null;
  const key = `${question.id}:${question.answerPublishedAt?.getTime() ?? 0}`;
  let reveal = kept.get(key);
  if (!reveal) {
    reveal = q.answersOfQuestion(db, question.id).then((answers) => revealOf(game, question, answers));
    // A failed read is not kept.
    reveal.catch(() => kept.delete(key));
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, reveal);
  }
  return reveal;
}
