/**
 * The real server for a browser test: the app factory with a fresh test database, serving the
 * production build in dist/ (made by `vite build` before the tests run; tests never build).
 * A test may change the config (a short token life) or the build options (a handler that fails).
 * PUBLIC_URL is the server's own address unless the test names one (null: none, as on a bare
 * `npm start`, where the control screen warns before opening the display on a loopback address).
 * The server's clock is the real time which the test may skip forward (`clock.skip`,
 * tests/support/clock.ts): an access token's life or a question's answering time passes at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from '@/server/app';
import type { AppConfig } from '@/server/config';
import type { Clock } from '@/server/lib/clock';
import { createTestApp } from '../../support/app';
import { SkippingClock } from '../../support/clock';

// E2E_DIST lets parallel work build into a folder of its own (`vite build --outDir`); npm test uses dist/.
export const DIST_DIR = path.resolve(process.env.E2E_DIST || 'dist');

export interface RunningServer<C extends Clock = SkippingClock> {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  app: FastifyInstance;
  /** The server's clock (app.clock): real time, skipped forward by the test, unless the test gave its own. */
  clock: C;
  close: () => Promise<void>;
}

export interface ServerOptions<C extends Clock = SkippingClock> {
  config?: Partial<Omit<AppConfig, 'clock'>>;
  build?: BuildOptions;
  /** The server's clock; a SkippingClock unless given (a replay moves a TestClock by hand). */
  clock?: C;
}

export async function startServer<C extends Clock = SkippingClock>({ config = {}, build = {}, clock: given }: ServerOptions<C> = {}): Promise<RunningServer<C>> {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` before the e2e tests (npm test does)');
  }
  const clock = given ?? (new SkippingClock() as unknown as C);
  const app = await createTestApp({ staticDir: DIST_DIR, ...config, clock }, build);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error(`unexpected server address ${String(address)}`);
  const url = `http://127.0.0.1:${address.port}`;
  // Known once listening: the address the test's "phones" reach, as PUBLIC_URL would be at a venue.
  if (config.publicUrl === undefined) app.config.publicUrl = url;
  return { url, app, clock, close: () => app.close() };
}
