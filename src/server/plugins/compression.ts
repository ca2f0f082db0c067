/**
 * Compressed answers. Built files are compressed once at build time (vite.config.ts writes .br and .gz
 * beside them) and plugins/spa.ts sends the one the browser accepts. Everything else the server writes
 * (JSON envelopes, the SPA's HTML fallback, CSV exports) is compressed here on the fly: brotli or gzip,
 * as the request's Accept-Encoding allows, from 1 KB up (smaller bodies gain less than the headers cost);
 * the read cache (features/read-cache) keeps the compressed copy of an answer it sends again.
 *
 * Never compressed: bodies that already are (images, spreadsheets, stored files sent as
 * application/octet-stream: @fastify/compress's own default would compress octet-stream, so the types
 * are named here), answers that say their own Content-Encoding, partial content, and the WebSocket
 * (an upgraded connection has no HTTP answer; its routes are registered before this plugin anyway).
 * Request bodies are never inflated: an upload or a JSON body is read as sent, within the body limit.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Content types compressed on the fly: text, JSON, XML, JavaScript and YAML. */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/(?:javascript|yaml)(?:;|$)/;

/** Bodies smaller than this go out as they are. */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli's settings for answers compressed as they go out (quality 4: 11 costs far more time per answer). */
export const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encodings offered, the first preferred when a client accepts both equally. */
export const COMPRESSION_ENCODINGS = ['br', 'gzip'] as const;

async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...COMPRESSION_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    customTypes: COMPRESSIBLE_TYPES,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
