/**
 * bench:files — a large file up and down through the real server's API, on each blob store: the
 * server process (src/server/main.ts, a fresh PGlite under a temporary DATA_DIR, UPLOAD_LIMIT_MB=2048)
 * receives `POST /api/admin/file/uploadFile` (multipart: `directory`, `replace`, `file`) and answers
 * `POST /api/admin/file/download` {path}; the bench's client streams the file in, generated as it goes
 * (ASCII text), and reads it back, checking every byte. On the S3 store the bucket is s3rver, in a
 * process of its own (bench/lib/s3rver-process.ts).
 *
 * Reports per store and direction: MB/s (MB = 2^20 bytes, wall time from the request's first byte to
 * the response's last), the server's CPU time, and the server process's peak RSS growth over its RSS
 * before each transfer (sampled every 100 ms from /proc; after a 16 MB file went up and down once, so
 * the code involved is loaded). Prints a table and writes JSON to
 * bench/results/files-<time>.json.
 *
 *   npm run bench:files                              # 1 GB, local disk then S3 (s3rver)
 *   npm run bench:files -- --size-mb 256 --stores s3
 *
 * A benchmark, not a test: it asserts nothing but the bytes, it reports. See bench/README.md.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FileStoreConfig } from '../src/server/config.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const ADMIN_PASSWORD = 'Bench-admin-password-1';
const MB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    'size-mb': { type: 'string', default: '1024' },
    stores: { type: 'string', default: 'local,s3' },
    port: { type: 'string', default: '18090' },
  },
});
const sizeBytes = Math.round(Number(values['size-mb']) * MB);
const stores = values.stores.split(',').map((s) => s.trim()) as Array<'local' | 's3'>;
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
if (!(sizeBytes > 0) || stores.some((s) => s !== 'local' && s !== 's3')) {
  console.error('usage: npm run bench:files -- [--size-mb 1024] [--stores local,s3] [--port 18090]');
  process.exit(2);
}

// ------------------------------------------------------------------ the file's bytes

/** One MB of numbered ASCII lines; the file repeats it (the last copy cut at the file's size). */
const BLOCK = (() => {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < MB; i++) {
    const line = `line ${String(i).padStart(7, '0')}: the quick brown fox jumps over the lazy dog, 0123456789\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, MB);
})();

/** Compares `chunk` with the file's bytes from `offset` (memcmp against the block, no hashing). */
function matches(chunk: Buffer, offset: number): boolean {
  let done = 0;
  while (done < chunk.length) {
    const inBlock = (offset + done) % BLOCK.length;
    const n = Math.min(BLOCK.length - inBlock, chunk.length - done);
    if (!chunk.subarray(done, done + n).equals(BLOCK.subarray(inBlock, inBlock + n))) return false;
    done += n;
  }
  return true;
}

// ------------------------------------------------------------------ processes

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** User + system CPU time of a process, in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Samples a process's RSS every 100 ms; `peak()` is the largest seen since `reset()`. */
class RssSampler {
  private max = 0;
  private readonly timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.max = rssMb(pid);
    this.timer = setInterval(() => {
      try {
        this.max = Math.max(this.max, rssMb(this.pid));
      } catch {
        // the process is gone
      }
    }, 100);
  }
  reset(): void {
    this.max = rssMb(this.pid);
  }
  peak(): number {
    return Math.max(this.max, rssMb(this.pid));
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

interface S3Child {
  process: ChildProcess;
  config: Extract<FileStoreConfig, { kind: 's3' }>;
  directory: string;
}

async function startS3(): Promise<S3Child> {
  const child = fork(path.join(root, 'bench/lib/s3rver-process.ts'), [], { execArgv: ['--import', 'tsx'], cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<{ config: S3Child['config']; directory: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as never));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
  return { process: child, ...ready };
}

async function stopChild(child: ChildProcess, how: () => void): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  how();
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function storeEnv(s3: S3Child | null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('S3_')) env[name] = value;
  if (!s3) return env;
  const { config } = s3;
  return {
    ...env,
    S3_BUCKET: config.bucket,
    S3_ENDPOINT: config.endpoint,
    S3_REGION: config.region,
    S3_ACCESS_KEY_ID: config.credentials?.accessKeyId,
    S3_SECRET_ACCESS_KEY: config.credentials?.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: config.prefix,
  };
}

async function startServer(dataDir: string, s3: S3Child | null): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...extra, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...storeEnv(s3),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      UPLOAD_LIMIT_MB: '2048',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const until = Date.now() + 60_000;
  while (!output.includes('is running on')) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${output}`);
    await sleep(100);
  }
  return server;
}

// ------------------------------------------------------------------ API calls

async function login(): Promise<string> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: { token_info: { token: string } } };
  if (envelope.code !== 200) throw new Error(`login: ${envelope.code} ${envelope.message}`);
  return envelope.data.token_info.token;
}

const agent = new http.Agent({ keepAlive: false });

/** Streams the multipart form (directory, replace, file) with the generated bytes; answers the stored path. */
async function upload(token: string, name: string, size: number): Promise<string> {
  const boundary = `----lt-bench-${Date.now()}`;
  const field = (fieldName: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('directory', 'bench') +
      field('replace', '1') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(`${base}/api/admin/file/uploadFile`, {
    method: 'POST',
    agent,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
      authorization: `Bearer ${token}`,
      cid: '1',
    },
  });
  const answered = new Promise<string>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  const write = (chunk: Buffer) => (request.write(chunk) ? Promise.resolve() : new Promise<void>((resolve) => request.once('drain', resolve)));
  await write(head);
  for (let sent = 0; sent < size; sent += BLOCK.length) await write(BLOCK.subarray(0, Math.min(BLOCK.length, size - sent)));
  request.end(tail);
  const text = await answered;
  const envelope = JSON.parse(text) as { code: number; message: string; data: { path?: string } | null };
  if (envelope.code !== 200 || !envelope.data?.path) throw new Error(`uploadFile: ${text.slice(0, 500)}`);
  return envelope.data.path;
}

/** Reads the file back and checks every byte against what was sent; answers the bytes received. */
async function download(token: string, filePath: string, size: number): Promise<number> {
  const body = JSON.stringify({ path: filePath });
  return new Promise<number>((resolve, reject) => {
    const request = http.request(`${base}/api/admin/file/download`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), authorization: `Bearer ${token}`, cid: '1' },
    });
    request.on('response', (response) => {
      const type = String(response.headers['content-type'] ?? '');
      if (type.includes('json')) {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => reject(new Error(`download: ${text.slice(0, 500)}`)));
        return;
      }
      let received = 0;
      let intact = true;
      response.on('data', (chunk: Buffer) => {
        if (intact && !matches(chunk, received)) intact = false;
        received += chunk.length;
      });
      response.on('end', () => {
        if (!intact) reject(new Error('download: the bytes differ from those uploaded'));
        else if (received !== size) reject(new Error(`download: ${received} bytes, expected ${size}`));
        else resolve(received);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

// ------------------------------------------------------------------ one store

interface Direction {
  seconds: number;
  mb_per_s: number;
  server_cpu_s: number;
  s3rver_cpu_s: number | null;
  server_rss_peak_growth_mb: number;
}

interface StoreResult {
  store: 'local' | 's3';
  size_mb: number;
  server_rss_before_mb: number;
  upload: Direction;
  download: Direction;
}

async function measure(server: ChildProcess, s3: S3Child | null, sampler: RssSampler, run: () => Promise<unknown>): Promise<Direction> {
  const before = rssMb(server.pid!);
  sampler.reset();
  const cpu = cpuMs(server.pid!);
  const s3Cpu = s3 ? cpuMs(s3.process.pid!) : 0;
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds: round(seconds, 2),
    mb_per_s: round(sizeBytes / MB / seconds, 1),
    server_cpu_s: round((cpuMs(server.pid!) - cpu) / 1000, 2),
    s3rver_cpu_s: s3 ? round((cpuMs(s3.process.pid!) - s3Cpu) / 1000, 2) : null,
    server_rss_peak_growth_mb: round(sampler.peak() - before, 1),
  };
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

async function runStore(store: 'local' | 's3'): Promise<StoreResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt-bench-files-'));
  const s3 = store === 's3' ? await startS3() : null;
  let server: ChildProcess | null = null;
  try {
    server = await startServer(dataDir, s3);
    const token = await login();
    // A first, small file up and down: the code paths loaded and warm before the baseline.
    await download(token, await upload(token, 'bench-warm-up.txt', 16 * MB), 16 * MB);
    await sleep(1_000);
    const sampler = new RssSampler(server.pid!);
    try {
      const before = rssMb(server.pid!);
      let stored = '';
      const name = `bench-${values['size-mb']}mb.txt`;
      const up = await measure(server, s3, sampler, async () => (stored = await upload(token, name, sizeBytes)));
      console.log(`  ${store}: upload ${up.mb_per_s} MB/s (${up.seconds} s), peak RSS +${up.server_rss_peak_growth_mb} MB`);
      await sleep(1_000);
      const down = await measure(server, s3, sampler, () => download(token, stored, sizeBytes));
      console.log(`  ${store}: download ${down.mb_per_s} MB/s (${down.seconds} s), peak RSS +${down.server_rss_peak_growth_mb} MB`);
      return { store, size_mb: sizeBytes / MB, server_rss_before_mb: round(before, 1), upload: up, download: down };
    } finally {
      sampler.stop();
    }
  } finally {
    if (server) await stopChild(server, () => server!.kill('SIGTERM'));
    if (s3) await stopChild(s3.process, () => s3.process.send('stop'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ main

const machine = { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? 'unknown', memory_gb: round(os.totalmem() / 1024 ** 3, 1), node: process.version };
console.log(`bench:files — ${sizeBytes / MB} MB up and down through the server; ${machine.cpus} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const results: StoreResult[] = [];
for (const store of stores) results.push(await runStore(store));

console.table(
  results.flatMap((r) =>
    (['upload', 'download'] as const).map((direction) => ({
      store: r.store,
      direction,
      'MB/s': r[direction].mb_per_s,
      seconds: r[direction].seconds,
      'server CPU s': r[direction].server_cpu_s,
      's3rver CPU s': r[direction].s3rver_cpu_s ?? '-',
      'server RSS peak growth MB': r[direction].server_rss_peak_growth_mb,
    })),
  ),
);
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `files-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, `${JSON.stringify({ when: new Date().toISOString(), machine, load_average: os.loadavg(), size_mb: sizeBytes / MB, results }, null, 2)}\n`);
console.log(`written ${path.relative(root, file)}`);
