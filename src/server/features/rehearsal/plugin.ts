/**
 * The server's rehearsals (rehearsal.ts) as `app.rehearsals`: started and stopped by the admin API,
 * ended when the bus says their game ended, and, when the server is ready, every rehearsal left
 * marked by a server that stopped is ended and its data deleted. Registered after the live plugin.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Rehearsals } from './rehearsal.js';

declare module 'fastify' {
  interface FastifyInstance {
    rehearsals: Rehearsals;
  }
}

async function rehearsalPlugin(app: FastifyInstance): Promise<void> {
  const rehearsals = new Rehearsals(app);
  app.decorate('rehearsals', rehearsals);
  const stopHearing = app.bus.subscribe((event) => rehearsals.hear(event));
  app.addHook('onReady', async () => {
    const ended = await rehearsals.endOrphans();
    if (ended > 0) app.log.info({ ended }, 'rehearsals left by a stopped server ended, their players and answers deleted');
  });
  app.addHook('onClose', async () => {
    stopHearing();
    await rehearsals.close();
  });
}

export default fp(rehearsalPlugin, { name: 'rehearsal', dependencies: ['live'] });
