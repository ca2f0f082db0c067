/**
 * Security headers for every response, with a Content-Security-Policy the built SPA works under:
 * scripts only from this origin, no inline script, styles inline (Chakra/emotion inject <style>),
 * images from this origin and data:/blob: (previews of uploads), WebSockets to this origin.
 *
 * Framing: no page of ours is meant to be shown inside another page (the display /quiz is a page of
 * its own, opened full screen), so both framing headers refuse every framer: CSP `frame-ancestors
 * 'none'` and, for browsers without CSP level 2, `X-Frame-Options: DENY` (helmet's default,
 * SAMEORIGIN, said otherwise).
 *
 * Strict-Transport-Security only over HTTPS (RFC 6797 §7.2: a browser ignores it over HTTP, and an
 * HTTP-only venue server must not tell anything otherwise): when the request came over TLS, or a
 * proxy the app trusts (TRUST_PROXY, the same rule as the client's address) says
 * `X-Forwarded-Proto: https`. Fastify's `request.protocol` reads exactly that.
 *
 * The headers are helmet's, computed once at start, two sets (with and without HSTS), one chosen per
 * request. (The @fastify/helmet wrapper rebuilt helmet and re-parsed the policy on every request:
 * about 8% of the server's time in a burst of answers, see bench/README.md.)
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy,
  crossOriginEmbedderPolicy: false,
  // Media from other sites (a question's pre-video) must stay loadable.
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
};

/** The same headers for a request that came over plain HTTP: no Strict-Transport-Security. */
export const plainHttpHelmetOptions: HelmetOptions = { ...helmetOptions, strictTransportSecurity: false };

/**
 * The headers helmet sets with these options, by running its middleware once on a response that is
 * never sent (its socket never connects): the headers are read back from it.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  if (Object.keys(headers).length === 0) throw new Error('helmet set no header');
  return headers;
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  const overHttps = securityHeaders(helmetOptions);
  const overHttp = securityHeaders(plainHttpHelmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overHttps : overHttp);
    done();
  });
}

export default fp(securityPlugin, { name: 'security' });
