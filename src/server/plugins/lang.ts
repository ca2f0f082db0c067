/** Decorates every request with its language (from the `Lang` header) for server messages. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveLang, type Lang } from '../i18n.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

async function langPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(request.headers.lang);
  });
}

export default fp(langPlugin, { name: 'lang' });
