/**
 * `npm run bench:answers [-- --answers 10000 --batch 500 --rounds 3 --dropped-keys]`: the database
 * side of an answer burst alone, on an embedded PGlite in a folder (as `npm start` runs it). A game
 * with N players and one question per round; each round submits the N answers to the group commit
 * (service.AnswerBatcher) `--batch` at a time, and prints the wall and CPU time per round and per
 * answer. `--dropped-keys` first restores the answers' two foreign keys removed by migration 0006
 * (to the player and to the game), to compare. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { players } from '../src/server/db/schema.js';
import { rowsOf } from '../src/server/features/live/queries.js';
import { AnswerBatcher } from '../src/server/features/live/answers/answers.js';
import { testAppConfig } from '../tests/support/app.js';
import { login } from '../tests/support/api.js';
import { bench } from '../tests/api/live-support.js';

const { values } = parseArgs({
  options: {
    answers: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
    'dropped-keys': { type: 'boolean', default: false },
  },
});
const count = Number(values.answers);
const batch = Number(values.batch);
const rounds = Number(values.rounds);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-answers-'));
const app = await buildApp(await testAppConfig({ database: { kind: 'pglite', dataDir: path.join(folder, 'pglite') }, dataDir: folder }));
try {
  if (values['dropped-keys']) {
    await app.db.execute(sql`alter table answers add constraint answers_player_id_players_id_fk foreign key (player_id) references players(id) on delete cascade`);
    await app.db.execute(sql`alter table answers add constraint answers_trivia_game_id_trivia_games_id_fk foreign key (trivia_game_id) references trivia_games(id) on delete cascade`);
  }
  const keys = await rowsOf<{ conname: string }>(app.db, sql`select conname from pg_constraint where conrelid = 'answers'::regclass and contype = 'f' order by conname`);
  const token = await login(app);
  const b = bench(app, () => token);
  const game = await b.createGame({ title: 'Answer store bench', type: 1 });
  const questions: number[] = [];
  for (let i = 0; i < rounds; i += 1) questions.push(await b.addQuestion(game.id, { answering_time: 600 }, `Q${i + 1}`));
  // Players are inserted directly: joining 10,000 over the API is bench:live's business.
  await app.db.insert(players).values(Array.from({ length: count }, (_, i) => ({ triviaGameId: game.id, nickname: `P${i + 1}`, tokenHash: `bench-${i}`, joinOrder: i + 1 })));
  const rows = await app.db.select().from(players).where(eq(players.triviaGameId, game.id));

  console.log(`bench:answers — ${count} answers per round, submitted ${batch} at a time; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}); answers' foreign keys: ${keys.map((k) => k.conname).join(', ')}`);
  const batcher = new AnswerBatcher(app.db);
  const step = async (question: number, type: number) => {
    const res = await b.flow(game.id, question, type);
    if (res.body.code !== 200) throw new Error(`game step ${type}: ${JSON.stringify(res.body)}`);
  };
  const results = [];
  for (const [round, question] of questions.entries()) {
    await step(question, 2);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < rows.length; i += batch) {
      await Promise.all(rows.slice(i, i + batch).map((player) => batcher.submit({ player, input: { question_id: question, choices: ['A'] }, receivedAt: new Date() })));
    }
    const wallMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    results.push({ round: round + 1, wall_ms: Math.round(wallMs), cpu_ms: Math.round(cpuMs), wall_us_per_answer: Math.round((wallMs * 1000) / rows.length) });
    await step(question, 3);
  }
  console.table(results);
} finally {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
}
