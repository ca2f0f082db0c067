/**
 * Serves the built SPA: hashed assets with a long cache, the HTML pages never cached, and the
 * history fallback (any unknown GET outside /api answers its page so client routes load directly).
 * Each file goes out as the .br or .gz the build wrote beside it when the browser accepts one (with
 * `vary: accept-encoding`), else as it is.
 * Three entry pages (docs/product.md): the player page under /play and the quiz display under /quiz have
 * bundles of their own; everything else is the back office (index.html).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export function spaAvailable(staticDir: string | null): staticDir is string {
  return !!staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
}

export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // @fastify/static 10 hands over the Fastify reply here, not the raw response.
    setHeaders(reply: unknown, filePath: string) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      (reply as FastifyReply).header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => sendIndex(reply));
}

/** The entry page that serves a path: /play… → play.html, /quiz… → quiz.html, else index.html. */
export function entryPageOf(pathname: string): string {
  if (pathname === '/play' || pathname.startsWith('/play/')) return 'play.html';
  if (pathname === '/quiz' || pathname.startsWith('/quiz/')) return 'quiz.html';
  return 'index.html';
}

export function sendIndex(reply: FastifyReply, pathname = '/'): FastifyReply {
  return reply.header('cache-control', 'no-cache').sendFile(entryPageOf(pathname));
}
