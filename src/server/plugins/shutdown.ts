/**
 * Graceful shutdown: main.ts calls `app.shutdown(SHUTDOWN_TIMEOUT_MS)` on SIGTERM or SIGINT.
 * 1. Stop accepting: the listening socket closes (new connections are refused), /readyz answers 503
 *    `shutting down` on connections still open, and every response from now on closes its connection.
 * 2. Let what is in flight finish: HTTP requests complete (an answer is acknowledged only once stored);
 *    an answer already sent over a WebSocket gets its reply, one sent after the shutdown began is
 *    refused with 503 (nothing stored; the player page keeps it and sends it again).
 * 3. Tell the WebSocket clients to reconnect elsewhere: each is closed with 1012 "service restart" once
 *    its requests are answered; every client of the app reconnects after a close, with a new ticket,
 *    which a load balancer sends to an instance that is still up.
 * 4. Flush the answers' group commit (features/live/answers/answers.ts, `app.live.answers`): every answer submitted is committed.
 * 5. app.close(): what is still open is cut, the event bus, timers and database close.
 * Steps 1-4 get `timeoutMs` together; past it the shutdown goes on to step 5 regardless, so the
 * process exits within a bounded time.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once a shutdown began: /readyz answers 503 and every response closes its connection. */
    draining: boolean;
    /** Drains within `timeoutMs`, then closes the app; resolves when it is closed. */
    shutdown(timeoutMs: number): Promise<ShutdownReport>;
  }
}

export interface ShutdownReport {
  /** Everything in flight finished before the timeout (false: the rest was cut). */
  drained: boolean;
  /** Time spent draining, ms. */
  drainMs: number;
  /** WebSocket clients and socket requests left when the drain ended (0 when drained). */
  socketsLeft: number;
  requestsLeft: number;
}

const POLL_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function shutdownPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('draining', false);

  app.addHook('onRequest', (_request, reply, done) => {
    if (app.draining) reply.header('connection', 'close');
    done();
  });

  app.decorate('shutdown', async function shutdown(timeoutMs: number): Promise<ShutdownReport> {
    const started = Date.now();
    const deadline = started + timeoutMs;
    app.draining = true;

    const { server } = app;
    let serverClosed = !server.listening;
    if (server.listening) server.close(() => (serverClosed = true));
    // Keep-alive connections with no request running are closed now, and those whose request
    // finishes later as soon as it does (their response also says `connection: close`).
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);

    app.hub.drain();
    const settled = () => serverClosed && app.hub.clients.size === 0 && app.hub.requestsInFlight === 0;
    while (!settled() && Date.now() < deadline) await sleep(POLL_MS);
    clearInterval(idleSweep);

    let answersFlushed = false;
    void app.live.answers.whenIdle().then(() => (answersFlushed = true));
    while (!answersFlushed && Date.now() < deadline) await sleep(POLL_MS);

    const report: ShutdownReport = {
      drained: settled() && answersFlushed,
      drainMs: Date.now() - started,
      socketsLeft: app.hub.clients.size,
      requestsLeft: app.hub.requestsInFlight,
    };
    if (report.drained) app.log.info(report, 'drained: every request answered, every answer stored');
    else app.log.warn(report, `not drained within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): closing what is left`);
    await app.close();
    return report;
  });
}

export default fp(shutdownPlugin, { name: 'shutdown', dependencies: ['realtime'] });
