/**
 * The process entry: reads the environment, builds the app, listens, prints the first-start banner,
 * and shuts down gracefully on SIGINT/SIGTERM. Everything else lives in app.ts.
 */
import v8 from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, configFromEnv } from './config.js';
import { FolderLockedError } from './db/lock.js';

let config: ReturnType<typeof configFromEnv>;
try {
  config = configFromEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

// The embedded database's WebAssembly compiled by Liftoff alone unless PGLITE_WASM_TIER=optimizing
// (config.ts): set before the module is compiled, which buildApp does when it opens the database.
if (config.database.kind === 'pglite' && config.pgliteWasmTier === 'baseline') v8.setFlagsFromString('--liftoff-only');

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (error) {
  if (error instanceof FolderLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

// SIGTERM or SIGINT: a graceful shutdown (plugins/shutdown.ts) bounded by SHUTDOWN_TIMEOUT_MS, then
// exit 0. A second signal, or a close that overruns the bound by 5 s more, exits 1 at once.
closeWithGrace({ delay: config.shutdownTimeoutMs + 5_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing because of an error');
  else app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
  await app.shutdown(config.shutdownTimeoutMs);
});

// Beyond this many connections a new one is closed as it arrives, keeping descriptors for the database (config.ts).
if (config.maxConnections !== null) app.server.maxConnections = config.maxConnections;
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = address && typeof address === 'object' ? address.port : config.port;

if (app.seedResult.generatedAdminPassword) {
  const line = '='.repeat(64);
  console.log(
    [
      '',
      line,
      '  First start: the super admin account was created.',
      '',
      '    username: admin',
      `    password: ${app.seedResult.generatedAdminPassword}`,
      '',
      '  This password is shown only once. Change it after logging in',
      '  (個人資料 / Profile, /profile/index; the email may stay blank),',
      '  or set ADMIN_PASSWORD before the first start to choose it.',
      line,
      '',
    ].join('\n'),
  );
}
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.database.dataDir}`;
console.log(`Live Trivia Back Office is running on http://localhost:${port} (database: ${where})`);
