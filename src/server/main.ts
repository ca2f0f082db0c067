/**
 * The process entry: reads the environment, builds the app, listens, prints the first-start banner,
 * and shuts down gracefully on SIGINT/SIGTERM. Everything else lives in app.ts.
 */
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

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing because of an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.port, host: config.host });

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
      '  This password is shown only once. Change it after logging in,',
      '  or set ADMIN_PASSWORD before the first start to choose it.',
      line,
      '',
    ].join('\n'),
  );
}
const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.database.dataDir}`;
console.log(`Live Trivia Back Office is running on http://localhost:${config.port} (database: ${where})`);
