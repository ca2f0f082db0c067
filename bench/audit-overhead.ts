/**
 * `npm run bench:audit [-- --steps 600 --rounds 6 --warmup 30 --pause 0]`: what the audit trail costs a game-flow
 * step (`POST /triviaGame/gameFlow`, an x-audit write: the entry is inserted, awaited, before the step
 * runs and finished after the answer). Two real apps on embedded PGlite in folders (as `npm start`
 * runs it), one recording the trail and one built with `recordAudit: false`, each running the same
 * steps through app.inject — show, publish answer, publish ranking, question after question — in
 * alternating rounds so that both meet the same machine. Steps are sent back to back by default, so
 * the entry finished in the background after one step (on PGlite, work of the same thread) is paid by
 * the next one: the worst case. An operator's steps come seconds apart; `--pause <ms>` waits that long
 * between steps, leaving only the awaited insert on a step's path. Prints mean, p50, p95 and max per
 * step for both; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { auditLog } from '../src/server/db/schema.js';
import { testAppConfig } from '../tests/support/app.js';
import { login } from '../tests/support/api.js';
import { bench } from '../tests/api/live-support.js';

const { values } = parseArgs({
  options: {
    steps: { type: 'string', default: '600' },
    rounds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '30' },
    pause: { type: 'string', default: '0' },
  },
});
const STEPS_PER_QUESTION = 3;
const rounds = Number(values.rounds);
const questionsPerRound = Math.max(1, Math.round(Number(values.steps) / STEPS_PER_QUESTION / rounds));
const warmupQuestions = Math.ceil(Number(values.warmup) / STEPS_PER_QUESTION);
const pauseMs = Number(values.pause);
const pause = () => (pauseMs > 0 ? new Promise((resolve) => setTimeout(resolve, pauseMs)) : Promise.resolve());

interface Subject {
  name: string;
  app: FastifyInstance;
  folder: string;
  /** Runs show, publish answer and publish ranking of the next question; returns each step's time in ms. */
  nextQuestion: () => Promise<number[]>;
  times: number[];
}

async function subject(name: string, recordAudit: boolean): Promise<Subject> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `bench-audit-${name}-`));
  const app = await buildApp(await testAppConfig({ database: { kind: 'pglite', dataDir: path.join(folder, 'pglite') }, dataDir: folder }), { recordAudit });
  const token = await login(app);
  const b = bench(app, () => token);
  const game = await b.createGame({ title: `Audit bench (${name})`, type: 1 });
  const total = warmupQuestions + questionsPerRound * rounds;
  const questions: number[] = [];
  // Untimed questions: the server's deadline watch has nothing to publish by itself.
  for (let i = 0; i < total; i += 1) questions.push(await b.addQuestion(game.id, { have_answering_time: 0 }, `Q${i + 1}`));
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'user-agent': 'bench:audit' };
  const step = async (question: number, type: number): Promise<number> => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/admin/triviaGame/gameFlow', headers, payload: JSON.stringify({ trivia_game_id: game.id, question_id: question, type }) });
    const ms = performance.now() - t0;
    await pause();
    if (res.json<{ code: number }>().code !== 200) throw new Error(`${name}: step ${type} of question ${question}: ${res.body}`);
    return ms;
  };
  let next = 0;
  return {
    name,
    app,
    folder,
    times: [],
    nextQuestion: async () => {
      const question = questions[next++]!;
      return [await step(question, 2), await step(question, 3), await step(question, 4)];
    },
  };
}

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const ms = (value: number) => Number(value.toFixed(2));
  return { steps: times.length, mean_ms: ms(mean), p50_ms: ms(at(0.5)), p95_ms: ms(at(0.95)), max_ms: ms(sorted.at(-1)!) };
}

const on = await subject('recorded', true);
const off = await subject('not-recorded', false);
try {
  console.log(
    `bench:audit — ${questionsPerRound * rounds * STEPS_PER_QUESTION} game-flow steps per app (show, publish answer, publish ranking) in ${rounds} alternating rounds, after ${warmupQuestions * STEPS_PER_QUESTION} warm-up steps, ${pauseMs ? `${pauseMs} ms apart` : 'back to back'}; PGlite in a folder; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'})`,
  );
  for (const s of [on, off]) for (let i = 0; i < warmupQuestions; i += 1) await s.nextQuestion();
  for (let round = 0; round < rounds; round += 1) {
    // Alternate which app goes first, so neither always follows the other's leftovers.
    for (const s of round % 2 ? [off, on] : [on, off]) {
      for (let i = 0; i < questionsPerRound; i += 1) s.times.push(...(await s.nextQuestion()));
    }
  }
  await on.app.auditTrail.settled();
  const [recorded] = await on.app.db.select({ n: count() }).from(auditLog);
  const [unrecorded] = await off.app.db.select({ n: count() }).from(auditLog);
  const withTrail = stats(on.times);
  const without = stats(off.times);
  console.table({ 'audit trail on': withTrail, 'audit trail off': without });
  console.log(
    `difference per step: mean ${(withTrail.mean_ms - without.mean_ms).toFixed(2)} ms, p95 ${(withTrail.p95_ms - without.p95_ms).toFixed(2)} ms; entries written: ${recorded!.n} (on), ${unrecorded!.n} (off)`,
  );
} finally {
  for (const s of [on, off]) {
    await s.app.close();
    fs.rmSync(s.folder, { recursive: true, force: true });
  }
}
