/**
 * Serves uploaded images at /files/images/<cid>/<yyyy-mm>/<name>.<ext> (outside /api: <img> tags load them
 * without a token, on the quiz display and players' phones too). Only names the server generated
 * resolve (features/file/images.ts); anything else under /files — traversal attempts included — is a
 * 404, never the SPA and never another file. Stored names are never reused, so the cache is long.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/envelope.js';
import { IMAGE_URL_PREFIX, storedImageKey } from './images.js';

async function filesPlugin(app: FastifyInstance): Promise<void> {
  app.get('/files/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const notFound = () => new ApiError(404, 404, 'error.notFound', { method: request.method, url: pathname });
    const prefix = `${IMAGE_URL_PREFIX}/`;
    if (!pathname.startsWith(prefix)) throw notFound();
    const stored = storedImageKey(pathname.slice(prefix.length));
    if (!stored) throw notFound();
    const blob = await app.fileStore.get(stored.key);
    if (!blob) throw notFound();
    return reply
      .header('content-type', stored.mime)
      .header('content-length', String(blob.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(blob.body);
  });
}

export default fp(filesPlugin, { name: 'files', dependencies: ['errors'] });
