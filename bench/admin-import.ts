/**
 * `npm run bench:import [-- --rows 1000 --format xlsx --rounds 2]`: the time /admin/import takes
 * for a sheet of N valid rows (every password a distinct argon2id hash), end to end through the real
 * app (multipart upload, sheet reading, checks, hashing, one transaction) on an embedded PGlite in a
 * folder, as `npm start` runs it; with DATABASE_URL set, on that PostgreSQL server instead. Each round
 * imports a fresh sheet (new usernames), after a dry run of the same sheet (checks without hashing).
 * Then it times the hashing alone (the same passwords, the same concurrency), to show its share.
 * During each request it watches the server's own thread (issue 33: a live game's messages wait
 * while it is busy): the longest event-loop delay (perf_hooks.monitorEventLoopDelay) and the share
 * of the time that thread was busy (event-loop utilization). Last, the hostile workbook of issue 33
 * (4.5 MB, 50,000 zip entries) alone and three at once, with the same two figures.
 * Prints figures; asserts nothing. The goal (issue 15): 1,000 rows in under 5 s on this machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { buildApp } from '../src/server/app.js';
import { HASH_CONCURRENCY, mapLimit } from '../src/server/features/admin/import.js';
import { hashPassword } from '../src/server/lib/password.js';
import { testAppConfig, usingPostgres } from '../tests/support/app.js';
import { login } from '../tests/support/api.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    format: { type: 'string', default: 'xlsx' },
    rounds: { type: 'string', default: '2' },
  },
});
const count = Number(values.rows);
const format = values.format === 'csv' ? 'csv' : 'xlsx';
const rounds = Number(values.rounds);

const HEADER = ['username', 'name', 'email', 'password', 'roles', 'status'];
const rowsOf = (round: number) =>
  Array.from({ length: count }, (_, i) => [`bench${round}.user${i}`, `Bench user ${i}`, `user${i}.r${round}@example.com`, `Pass-${round}-${i}-x`, 'operator', 1]);

async function sheet(round: number): Promise<Buffer> {
  if (format === 'csv') return Buffer.from('\uFEFF' + [HEADER, ...rowsOf(round)].map((row) => row.join(',')).join('\r\n') + '\r\n');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('admins');
  for (const row of [HEADER, ...rowsOf(round)]) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The workbook of issue 33: a valid one-row sheet and 50,000 empty entries, about 4.5 MB. */
async function manyEntries(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('admins').addRow(HEADER);
  const files = unzipSync(Buffer.from(await book.xlsx.writeBuffer()));
  for (let i = 0; i < 50_000; i += 1) files[`z/${i}`] = new Uint8Array(0);
  return Buffer.from(zipSync(files, { level: 0 }));
}

/** Runs `task`, watching this thread meanwhile: its longest event-loop delay and the share of time it was busy. */
async function watched<T>(task: () => Promise<T>): Promise<{ result: T; loopMaxMs: number; busyPercent: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const busy0 = performance.eventLoopUtilization();
  const result = await task();
  const busy = performance.eventLoopUtilization(busy0).utilization;
  delay.disable();
  return { result, loopMaxMs: Math.round(delay.max / 1e6), busyPercent: Math.round(busy * 100) };
}

function multipart(bytes: Buffer, dryRun: boolean): { payload: Buffer; contentType: string } {
  const boundary = '----bench-import';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="admins.${format}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n${dryRun ? '1' : '0'}\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const config = await testAppConfig(usingPostgres ? { dataDir: folder } : { database: { kind: 'pglite', dataDir: path.join(folder, 'pglite') }, dataDir: folder });
const app = await buildApp({ ...config, uploadLimit: 50 * 1024 * 1024 });
try {
  const token = await login(app);
  const post = async (bytes: Buffer, dryRun: boolean, expected = 200) => {
    const { payload, contentType } = multipart(bytes, dryRun);
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/admin/import',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - t0;
    const body = res.json() as { code: number; message: string; data: { created: number; skipped: number } };
    if (body.code !== expected) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return { ms, body };
  };

  console.log(
    `bench:import — ${count} rows, ${format}, ${usingPostgres ? 'PostgreSQL' : 'embedded PGlite in a folder'}; ` +
      `${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ` +
      `passwords hashed ${HASH_CONCURRENCY} at a time`,
  );
  const results = [];
  for (let round = 1; round <= rounds; round += 1) {
    const bytes = await sheet(round);
    const dry = await watched(() => post(bytes, true));
    const cpu0 = process.cpuUsage();
    const real = await watched(() => post(bytes, false));
    const cpu = process.cpuUsage(cpu0);
    results.push({
      round,
      file_kb: Math.round(bytes.length / 1024),
      dry_run_ms: Math.round(dry.result.ms),
      dry_loop_max_ms: dry.loopMaxMs,
      dry_busy_pct: dry.busyPercent,
      import_ms: Math.round(real.result.ms),
      import_loop_max_ms: real.loopMaxMs,
      import_busy_pct: real.busyPercent,
      created: real.result.body.data.created,
      cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
    });
  }
  console.table(results);

  const hostile = await manyEntries();
  const one = await watched(() => post(hostile, true, 422));
  const three = await watched(() => Promise.all([post(hostile, true, 422), post(hostile, true, 422), post(hostile, true, 422)]));
  console.log(
    `50,000 zip entries (${(hostile.length / 1024 / 1024).toFixed(1)} MB), dry run: ${Math.round(one.result.ms)} ms, ` +
      `event loop at most ${one.loopMaxMs} ms late, server thread busy ${one.busyPercent}%; three at once: ` +
      `${Math.round(Math.max(...three.result.map((r) => r.ms)))} ms, at most ${three.loopMaxMs} ms late, busy ${three.busyPercent}% ` +
      `(answer: ${(one.result.body.data as unknown as { errors: { file: string[] } }).errors.file[0]})`,
  );

  const passwords = rowsOf(rounds + 1).map((row) => String(row[3]));
  const t0 = performance.now();
  await mapLimit(passwords, HASH_CONCURRENCY, hashPassword);
  const hashMs = performance.now() - t0;
  console.log(
    `hashing alone: ${count} argon2id hashes in ${Math.round(hashMs)} ms (${(hashMs / count).toFixed(1)} ms each, ${HASH_CONCURRENCY} at a time); ` +
      `one hash on one thread: ${await timeOne()} ms`,
  );
} finally {
  await app.close();
  fs.rmSync(folder, { recursive: true, force: true });
}

async function timeOne(): Promise<string> {
  const t0 = performance.now();
  for (let i = 0; i < 10; i += 1) await hashPassword(`Single-${i}-x`);
  return ((performance.now() - t0) / 10).toFixed(1);
}
