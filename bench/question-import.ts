/**
 * `npm run bench:question-import [-- --rows 1000 --rounds 2]`: the time /question/import takes for a
 * workbook of N questions of every kind (our template's columns; the eight kinds in turn, with
 * options, answers, accepted answers, slider settings), end to end through the real app (multipart
 * upload, the sheet read on lib/sheet's reading thread, every row checked with the question form's
 * rules, one transaction) on an embedded PGlite in a folder, as `npm start` runs it; with
 * DATABASE_URL set, on that PostgreSQL server instead. Each round: a dry run, then the import, into a
 * fresh speed contest. Meanwhile it watches the server's own thread, which a live game's messages
 * wait on: the longest event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution), the worst
 * lateness of a 10 ms setInterval (what a game's timer would see) and the share of the time the thread
 * was busy (event-loop utilisation); first the same over an idle second, the host's own noise (other
 * processes share the cores). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import writeXlsxFile from 'write-excel-file/node';
import { TEMPLATE_COLUMNS, templateExamples } from '../src/domain/question-sheet.js';
import { buildApp } from '../src/server/app.js';
import { testAppConfig, usingPostgres } from '../tests/support/app.js';
import { call, login } from '../tests/support/api.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
  },
});
const count = Number(values.rows);
const rounds = Number(values.rounds);

/** N rows of mixed kinds: the template's eight examples in turn, each title and text made unique. */
function questionRows(round: number): Array<Array<string | number | null>> {
  const examples = templateExamples('en');
  const title = TEMPLATE_COLUMNS.indexOf('title');
  const text = TEMPLATE_COLUMNS.indexOf('text');
  return Array.from({ length: count }, (_, i) => {
    const row = [...examples[i % examples.length]!];
    row[title] = `${String(row[title])} ${round}.${i + 1}`;
    row[text] = `${String(row[text])} (question ${i + 1} of round ${round})`;
    return row;
  });
}

async function workbook(round: number): Promise<Buffer> {
  const rows = [[...TEMPLATE_COLUMNS], ...questionRows(round)];
  return writeXlsxFile(rows.map((row) => row.map((cell) => (cell === null || cell === '' ? null : { value: cell })))).toBuffer();
}

/**
 * Runs `task`, watching this thread meanwhile: the event loop's longest delay, the worst lateness of
 * a 10 ms interval timer, and the share of the time the thread was busy.
 */
async function watched<T>(task: () => Promise<T>): Promise<{ result: T; loopMaxMs: number; timerLateMs: number; busyPercent: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let last = performance.now();
  let late = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    late = Math.max(late, now - last - 10);
    last = now;
  }, 10);
  const busy0 = performance.eventLoopUtilization();
  const result = await task();
  const busy = performance.eventLoopUtilization(busy0).utilization;
  clearInterval(timer);
  delay.disable();
  return { result, loopMaxMs: Math.round(delay.max / 1e6), timerLateMs: Math.round(late), busyPercent: Math.round(busy * 100) };
}

function multipart(bytes: Buffer, gameId: number, dryRun: boolean): { payload: Buffer; contentType: string } {
  const boundary = '----bench-question-import';
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('trivia_game_id', String(gameId)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="questions.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from('\r\n'),
    field('dry_run', dryRun ? '1' : '0'),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-question-import-'));
const config = await testAppConfig(usingPostgres ? { dataDir: folder } : { database: { kind: 'pglite', dataDir: path.join(folder, 'pglite') }, dataDir: folder });
const app = await buildApp(config);
try {
  const token = await login(app);
  const post = async (bytes: Buffer, gameId: number, dryRun: boolean) => {
    const { payload, contentType } = multipart(bytes, gameId, dryRun);
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/admin/question/import', payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    const body = res.json() as { code: number; data: { total: number; invalid: number; created: number } };
    if (body.code !== 200 || body.data.invalid !== 0) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 400)}`);
    return { ms, body };
  };

  console.log(
    `bench:question-import — ${count} rows of the eight kinds, xlsx, ${usingPostgres ? 'PostgreSQL' : 'embedded PGlite in a folder'}; ` +
      `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  // The host's own noise: the same watch over an idle second (other processes share the cores).
  const idle = await watched(() => new Promise((resolve) => setTimeout(resolve, 1000)));
  console.log(`idle second, nothing imported: event loop at most ${idle.loopMaxMs} ms late, a 10 ms timer at most ${idle.timerLateMs} ms late`);
  const results = [];
  for (let round = 1; round <= rounds; round += 1) {
    const created = await call(app, '/triviaGame/create', { title: `Bench import ${round}`, type: 1 }, { token });
    const gameId = created.body.data.id as number;
    const bytes = await workbook(round);
    const dry = await watched(() => post(bytes, gameId, true));
    const cpu0 = process.cpuUsage();
    const real = await watched(() => post(bytes, gameId, false));
    const cpu = process.cpuUsage(cpu0);
    if (real.result.body.data.created !== count) throw new Error(`created ${real.result.body.data.created} of ${count}`);
    results.push({
      round,
      file_kb: Math.round(bytes.length / 1024),
      dry_run_ms: Math.round(dry.result.ms),
      dry_rows_per_s: Math.round(count / (dry.result.ms / 1000)),
      dry_loop_max_ms: dry.loopMaxMs,
      dry_timer_late_ms: dry.timerLateMs,
      dry_busy_pct: dry.busyPercent,
      import_ms: Math.round(real.result.ms),
      import_rows_per_s: Math.round(count / (real.result.ms / 1000)),
      import_loop_max_ms: real.loopMaxMs,
      import_timer_late_ms: real.timerLateMs,
      import_busy_pct: real.busyPercent,
      import_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    });
  }
  console.table(results);
} finally {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
}
