/**
 * The security headers (plugins/security.ts) a browser acts on: the two framing headers say the same
 * (no page of ours may be framed, by anyone: CSP `frame-ancestors 'none'` and `X-Frame-Options: DENY`),
 * and Strict-Transport-Security comes only with a request that came over HTTPS — as a proxy the app
 * trusts (TRUST_PROXY) tells with `X-Forwarded-Proto: https` — never over plain HTTP, nor on the word of
 * a client or proxy the app does not trust.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';

const PROXY = '10.9.8.7';
const STRANGER = '203.0.113.9';

/** What CSP `frame-ancestors` allows, in X-Frame-Options' words (the only two it can say). */
function frameAncestorsAsXfo(csp: string): string {
  const directive = csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('frame-ancestors '));
  const sources = directive?.slice('frame-ancestors '.length).trim();
  if (sources === "'none'") return 'DENY';
  if (sources === "'self'") return 'SAMEORIGIN';
  return `no X-Frame-Options says ${String(sources)}`;
}

describe('security headers', () => {
  let behindProxy: FastifyInstance;
  let facingClients: FastifyInstance;
  beforeAll(async () => {
    // One proxy is trusted: only its X-Forwarded-Proto counts.
    behindProxy = await createTestApp({ trustProxy: [PROXY] });
    // The server faces the clients (TRUST_PROXY unset): nobody's X-Forwarded-Proto counts.
    facingClients = await createTestApp({ trustProxy: false });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await facingClients?.close();
  });

  const get = (app: FastifyInstance, url: string, from: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress: from, headers });

  it('refuse framing the same way in both headers, on every kind of response', async () => {
    const responses = {
      docs: await get(behindProxy, '/api/docs', PROXY),
      health: await get(behindProxy, '/healthz', PROXY, { 'x-forwarded-proto': 'https' }),
      notFound: await behindProxy.inject({ method: 'POST', url: '/api/admin/no/such/thing', payload: {}, remoteAddress: STRANGER }),
      refused: await behindProxy.inject({ method: 'POST', url: '/api/play/join', payload: {}, remoteAddress: PROXY }),
    };
    for (const [name, res] of Object.entries(responses)) {
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, name).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-frame-options']).toBe(frameAncestorsAsXfo(csp));
    }
  });

  it('send HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const res = await get(behindProxy, '/healthz', PROXY, { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The rest of the set is the same as over HTTP.
    const plain = await get(behindProxy, '/healthz', PROXY);
    const { 'strict-transport-security': _hsts, ...others } = res.headers;
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) {
      expect(others[name], name).toBe(plain.headers[name]);
    }
  });

  it('send no HSTS over plain HTTP', async () => {
    expect((await get(behindProxy, '/healthz', PROXY)).headers).not.toHaveProperty('strict-transport-security');
    expect((await get(behindProxy, '/healthz', PROXY, { 'x-forwarded-proto': 'http' })).headers).not.toHaveProperty('strict-transport-security');
    expect((await get(facingClients, '/healthz', STRANGER)).headers).not.toHaveProperty('strict-transport-security');
  });

  it('send no HSTS when whoever says "https" is not a trusted proxy', async () => {
    // A client that is not the trusted proxy, behind which the app runs.
    expect((await get(behindProxy, '/healthz', STRANGER, { 'x-forwarded-proto': 'https' })).headers).not.toHaveProperty('strict-transport-security');
    // An app that trusts no proxy at all.
    const res = await get(facingClients, '/healthz', PROXY, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).not.toHaveProperty('strict-transport-security');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
