/**
 * `npm run bench:typed`: what a publication spends judging typed answers (question kind 5) — every
 * player's text against the question's accepted answers, as publication.ts scores them under the
 * game's lock: N answers against 1, 5 and 20 accepted answers, half of them right (the other script).
 * A benchmark, not a test: it asserts nothing, it reports.
 */
import { kindOf } from '../src/domain/question-kinds/index.js';
import type { KindQuestion } from '../src/domain/question-kinds/kind.js';

const kind = kindOf(5);
for (const answers of [2_000, 10_000]) {
  for (const acceptedCount of [1, 5, 20]) {
    const accepted = Array.from({ length: acceptedCount }, (_, i) => `台北 ${i} 號`);
    const question: KindQuestion = { gameType: 1, optionTitles: [], answer: [], acceptedAnswers: accepted, ignorePunctuation: 1, slider: null, haveAnsweringTime: 1, answeringSeconds: 20, isBonus: 0, score: 0 };
    const started = performance.now();
    let right = 0;
    for (let i = 0; i < answers; i++) {
      right += kind.score(question, { choices: [], text: `臺北 ${i % (2 * acceptedCount)} 號!`, value: null, elapsedMs: 1_000 }).correct ? 1 : 0;
    }
    const ms = performance.now() - started;
    console.log(`${String(answers).padStart(6)} typed answers × ${String(acceptedCount).padStart(2)} accepted: ${ms.toFixed(1).padStart(7)} ms (${((ms * 1000) / answers).toFixed(1)} µs an answer), ${right} right`);
  }
}
