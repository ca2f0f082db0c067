/**
 * Server configuration: read once from the environment by the process entry (main.ts),
 * passed explicitly to buildApp so tests can build apps with their own settings.
 * Never reads process.env anywhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normalizePublicUrl } from '../domain/venue-rules.js';
import type { Clock } from './lib/clock.js';

/** One bound of the login throttle (features/session/login-throttle.ts). */
export interface LoginBound {
  /** Failed logins allowed within the window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

export interface LoginLimits {
  perAddress: LoginBound;
  perUsernameAndAddress: LoginBound;
  perUsername: LoginBound;
}

export type DatabaseConfig =
  | {
      kind: 'pglite';
      /** null = in memory (tests) */ dataDir: string | null;
      /** In memory only: start from this dump of an already-migrated database (tests skip initdb and migrations). */
      template?: Blob;
    }
  | { kind: 'postgres'; url: string };

export interface AppConfig {
  database: DatabaseConfig;
  /** Root folder for everything the server writes (uploaded files, the embedded database). */
  dataDir: string;
  /** The built SPA to serve with history fallback; null = API only. */
  staticDir: string | null;
  /** Password for the seeded super admin `admin`; null = generate one and print it once. */
  adminPassword: string | null;
  /** Secret used to sign access tokens; null = generated and stored in the database on first start. */
  tokenSecret: string | null;
  /** Life of an access token in seconds (a session lives 30 days; tokens are refreshed within it). */
  accessTokenTtl: number;
  /**
   * Failed logins allowed per client address in a minute, whatever the usernames; over it the address
   * is refused (429). The other login limits are `loginLimits` (features/session/login-throttle.ts).
   */
  loginAttemptsPerMinute: number;
  /**
   * The other login limits: per (username, address), and the slower, higher per-username bound that a
   * correct password from an address with no recent failures passes. Unset: DEFAULT_LOGIN_LIMITS of
   * features/session/login-throttle.ts (5 a minute; 50 in 15 minutes). Not from the environment.
   */
  loginLimits?: Partial<Pick<LoginLimits, 'perUsernameAndAddress' | 'perUsername'>>;
  /**
   * How long a refreshed access token still refreshes to the same successor and is still accepted, in
   * ms; unset: REFRESH_GRACE_MS of features/access/service.ts (10 s). Not from the environment.
   */
  refreshGraceMs?: number;
  logger: boolean | { level: string };
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** Browser origins other than the server's own that may open the WebSocket (e.g. the Vite dev server). */
  allowedOrigins: string[];
  /** Largest uploaded file accepted, in bytes (UPLOAD_LIMIT_MB, default 200 MB). */
  uploadLimit: number;
  /** Where file and image bytes live: local disk under DATA_DIR/files (default), or an S3-compatible bucket. */
  fileStore?: FileStoreConfig;
  /**
   * Whom to believe about the client's address (X-Forwarded-For), which the login limits and the
   * play throttles key on: false = nobody (the server faces the clients), true = any proxy, a number
   * = that many proxy hops, or the proxies' addresses/CIDRs. Fastify's `trustProxy`.
   */
  trustProxy: TrustProxy;
  /**
   * How long after a timed question's deadline the server publishes its answer if no control screen
   * did (features/live/flow/deadline-watch.ts); unset = AUTO_PUBLISH_AFTER_MS. Not from the environment.
   */
  autoPublishAfterMs?: number;
  /**
   * The clock the server decides by (the live game's answer window, deadline timers and time stamps,
   * the frames' server_time, access tokens' and tickets' expiry, sessions' expiry and refresh grace);
   * unset = the system's (lib/clock.ts). Tests inject one they drive. Not from the environment.
   */
  clock?: Clock;
  /**
   * PUBLIC_URL: the base of every address shown to the audience (the join link and its QR code) when
   * the company sets none; an http(s) URL without trailing slash. Unset/null = none (the display
   * falls back to its own address, the control screen warns on a loopback address).
   */
  publicUrl?: string | null;
  /**
   * READ_CACHE: `off` turns off the read cache of the hot lists and details (features/read-cache,
   * docs/architecture.md); unset = on.
   */
  readCache?: boolean;
  /** The port the process listens on (PORT), for the LAN addresses the control screen offers; unset = the bound port. */
  port?: number;
}

/** A setting of the environment the server cannot start with; main.ts prints the message and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** PUBLIC_URL: unset/empty = null; otherwise an http(s) base URL, stored without trailing slash. */
export function parsePublicUrl(value: string | undefined): string | null {
  const checked = normalizePublicUrl(value);
  if (!checked.ok) {
    throw new ConfigError(
      `PUBLIC_URL=${JSON.stringify(value)} is not a usable public address: give the http:// or https:// base URL phones reach this server at, without credentials, query or fragment (e.g. PUBLIC_URL=https://quiz.example.com), or leave it unset.`,
    );
  }
  return checked.value;
}

/** S3_BUCKET set = the S3 store; the other S3_* variables complete it (docs/files.md, "Storage"). */
export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** S3_ENDPOINT: an S3-compatible service's URL; unset = AWS. */
      endpoint?: string;
      region: string;
      /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset = the SDK's default chain (instance role…). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** S3_FORCE_PATH_STYLE=true: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, s3rver…). */
      forcePathStyle: boolean;
      /** S3_PREFIX: keys start with it (e.g. `trivia/`), so one bucket can hold other things too. */
      prefix: string;
    };

export function parseFileStore(env: NodeJS.ProcessEnv): FileStoreConfig {
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (!bucket) return { kind: 'local' };
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK\'s default credentials.');
  }
  const prefix = (env.S3_PREFIX ?? '').trim();
  if (prefix && !/^(?:[a-z0-9][a-z0-9._-]*\/)+$/.test(prefix)) {
    throw new ConfigError(`S3_PREFIX=${JSON.stringify(prefix)}: use lower-case letters, digits, '.', '_' or '-' in parts ending with '/', e.g. S3_PREFIX=trivia/.`);
  }
  return {
    kind: 's3',
    bucket,
    ...(env.S3_ENDPOINT?.trim() ? { endpoint: env.S3_ENDPOINT.trim() } : {}),
    region: env.S3_REGION?.trim() || 'us-east-1',
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ''),
    prefix,
  };
}

/** UPLOAD_LIMIT_MB: the largest uploaded file in MB (default 200). */
export function parseUploadLimit(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return 200 * 1024 * 1024;
  const megabytes = Number(text);
  if (!Number.isFinite(megabytes) || megabytes <= 0 || megabytes > 1024 * 1024) {
    throw new ConfigError(`UPLOAD_LIMIT_MB=${JSON.stringify(value)}: give the largest upload in megabytes, a positive number (default 200).`);
  }
  return Math.round(megabytes * 1024 * 1024);
}

export type TrustProxy = boolean | number | string[];

/** TRUST_PROXY: unset/false, true, a hop count, or comma-separated proxy addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

/** SHUTDOWN_TIMEOUT_MS: how long a graceful shutdown may take to finish what is in flight (default 10 s). */
export function parseShutdownTimeout(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '') return 10_000;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 3_600_000) {
    throw new ConfigError(`SHUTDOWN_TIMEOUT_MS=${JSON.stringify(value)}: give the longest a shutdown may wait for requests in flight, in milliseconds (1 to 3600000; default 10000).`);
  }
  return Number(text);
}

/**
 * How V8 compiles the embedded database's WebAssembly (PGLITE_WASM_TIER). `baseline`: Liftoff alone,
 * V8's fast single-pass compiler. `optimizing`: V8's default, Liftoff first, then TurboFan for the
 * functions that run hot. TurboFan's compilations leave about 80 MB of freed memory that the C
 * allocator's per-thread arenas keep for the process's life (bench/README.md, "Memory, the
 * embedded database's compiler"): `baseline` keeps it out of the resident set, for statements
 * that take up to a fifth longer. Nothing else of the server runs WebAssembly; PostgreSQL none.
 */
export type PgliteWasmTier = 'baseline' | 'optimizing';

export function parsePgliteWasmTier(value: string | undefined): PgliteWasmTier {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'baseline') return 'baseline';
  if (text === 'optimizing') return 'optimizing';
  throw new ConfigError(`PGLITE_WASM_TIER=${JSON.stringify(value)}: give baseline (the default: less memory) or optimizing (V8's default: faster statements once warm, about 80 MB more resident).`);
}

/** The process's open-file limit (its soft limit), from /proc/self/limits; null where unknown or unlimited. */
export function openFileLimit(limits: string | null = readProcLimits()): number | null {
  const line = limits?.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.replace('Max open files', '').trim().split(/\s+/)[0];
  return soft && /^\d+$/.test(soft) ? Number(soft) : null;
}

function readProcLimits(): string | null {
  try {
    return fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/** Descriptors kept for the database's files, stored files and outgoing connections when MAX_CONNECTIONS is derived. */
export const DESCRIPTOR_RESERVE = 1_000;

/**
 * MAX_CONNECTIONS: the most connections (HTTP and WebSocket) the process holds at once; one more is
 * closed as it arrives (the phone's realtime client tries again later). Unset: the open-file limit less
 * DESCRIPTOR_RESERVE, so a crowd larger than the process can hold never takes the descriptors the
 * embedded database needs to open its files (bench/README.md: at 25,000 players on a limit of
 * 20,000, every game-flow step failed with "No file descriptors available"). `0` = no bound.
 */
export function parseMaxConnections(value: string | undefined, fileLimit: number | null = openFileLimit()): number | null {
  const text = (value ?? '').trim();
  if (text === '') return fileLimit === null || fileLimit <= DESCRIPTOR_RESERVE * 2 ? null : fileLimit - DESCRIPTOR_RESERVE;
  if (!/^\d+$/.test(text) || Number(text) > 10_000_000) {
    throw new ConfigError(`MAX_CONNECTIONS=${JSON.stringify(value)}: give the most connections the server holds at once, a whole number (0 = no bound; default: the open-file limit less ${DESCRIPTOR_RESERVE}).`);
  }
  return Number(text) === 0 ? null : Number(text);
}

export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): AppConfig & { port: number; host: string; shutdownTimeoutMs: number; maxConnections: number | null; pgliteWasmTier: PgliteWasmTier } {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    shutdownTimeoutMs: parseShutdownTimeout(env.SHUTDOWN_TIMEOUT_MS),
    maxConnections: parseMaxConnections(env.MAX_CONNECTIONS),
    pgliteWasmTier: parsePgliteWasmTier(env.PGLITE_WASM_TIER),
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    staticDir: path.resolve(env.STATIC_DIR || './dist'),
    adminPassword: env.ADMIN_PASSWORD || null,
    tokenSecret: env.TOKEN_SECRET || null,
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL || 15 * 60),
    loginAttemptsPerMinute: 10,
    logger: { level: env.LOG_LEVEL || 'info' },
    bodyLimit: 1024 * 1024,
    uploadLimit: parseUploadLimit(env.UPLOAD_LIMIT_MB),
    fileStore: parseFileStore(env),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    readCache: !/^(off|0|false|no)$/i.test(env.READ_CACHE?.trim() ?? ''),
  };
}
