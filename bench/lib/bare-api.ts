/**
 * The floor of bench:api: a bare Fastify 5 server, nothing registered but one POST route per path
 * the app was measured on, each answering the JSON the app answered (the same object, serialised on
 * every request, so the same bytes travel). Run as a child process of bench/api.ts; speaks IPC:
 *   parent → {type: 'routes', routes: [{path, body}]}   child → {type: 'listening', port}
 */
import Fastify from 'fastify';

interface RoutesMessage {
  type: 'routes';
  routes: Array<{ path: string; body: unknown }>;
}

process.once('message', (message: RoutesMessage) => {
  void (async () => {
    const app = Fastify({ logger: false });
    for (const route of message.routes) {
      const body = route.body;
      app.post(route.path, async () => body);
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    process.send?.({ type: 'listening', port: address && typeof address === 'object' ? address.port : 0 });
  })();
});

process.on('disconnect', () => process.exit(0));
// A clean exit on the parent's kill, so that --cpu-prof (BENCH_WORKER_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));
