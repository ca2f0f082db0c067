/**
 * bench:start — how long a restart takes: the compiled server (build/server/main.js, `npm run build`
 * first) started with plain `node` on a database that already has its data, as after a crash or a
 * deploy, until GET /readyz answers 200 (the database answers, the migrations are applied: the
 * instance can serve); then SIGTERM and the time to exit.
 * The first start (a new embedded database: initdb, migrations, seed) is made and timed apart; each
 * restart after it is one row. DATABASE_URL set: PostgreSQL instead of the embedded PGlite (the
 * database's own start is then not in the figure).
 *
 *   npm run build && npm run bench:start              # 5 restarts on PGlite in a temporary DATA_DIR
 *   npm run bench:start -- --runs 10 --data ./data    # on an existing data folder (stop its server first)
 *
 * Per restart: wall time to the "is running on" line and to /readyz 200, the process's CPU time at
 * that moment (user + system from /proc: threads included, so it can exceed the wall time), the time
 * from SIGTERM to exit and the exit code, and the load average, since two shared cores make the wall
 * time depend on whatever else runs. Writes JSON to bench/results/start-<time>.json. Asserts nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('../', import.meta.url));
const server = path.join(root, 'build', 'server', 'main.js');

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, data: { type: 'string' } } });
const runs = Math.max(1, Number(values.runs));

if (!fs.existsSync(server)) {
  console.error('build/server/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Run {
  listening_ms: number;
  ready_ms: number;
  cpu_ms: number;
  exit_ms: number;
  exit_code: number | null;
  load: number;
}

async function startOnce(dataDir: string): Promise<Run> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const child = spawn(process.execPath, [server], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let listening = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (!listening && output.includes('is running on')) listening = performance.now() - started;
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ready = 0;
  while (!ready) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (performance.now() - started > 120_000) throw new Error(`no /readyz 200 within 2 minutes:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) ready = performance.now() - started;
    } catch {
      // not listening yet
    }
    if (!ready) await sleep(10);
  }
  const cpu = cpuMs(child.pid!);
  const signalled = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  return { listening_ms: Math.round(listening), ready_ms: Math.round(ready), cpu_ms: cpu, exit_ms: Math.round(performance.now() - signalled), exit_code: code, load: Math.round(load * 100) / 100 };
}

const temporary = !values.data && !process.env.DATABASE_URL;
const dataDir = values.data ? path.resolve(values.data) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
console.log(`bench:start — ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${where}`);
try {
  const first = await startOnce(dataDir);
  console.log(`first start (new database when empty): /readyz 200 after ${first.ready_ms} ms`);
  const results: Run[] = [];
  console.log('run  listening  ready  cpu   exit after SIGTERM  load');
  for (let i = 0; i < runs; i += 1) {
    const run = await startOnce(dataDir);
    results.push(run);
    console.log(
      `${String(i + 1).padStart(3)}  ${String(run.listening_ms).padStart(6)} ms ${String(run.ready_ms).padStart(6)} ms ${String(run.cpu_ms).padStart(5)} ms  ${String(run.exit_ms).padStart(5)} ms (code ${run.exit_code})  ${run.load}`,
    );
  }
  const sorted = results.map((r) => r.ready_ms).sort((a, b) => a - b);
  console.log(`ready: best ${sorted[0]} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms`);
  const file = path.join(root, 'bench', 'results', `start-${new Date().toISOString().replaceAll(':', '-')}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, database: process.env.DATABASE_URL ? 'postgres' : 'pglite', first, runs: results }, null, 2));
  console.log(`JSON: ${path.relative(root, file)}`);
} finally {
  if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
}
