/**
 * What the SPA reads from the access tokens the server really signs (features/auth/lib/token.ts): the
 * admin id (`sub`) that names the realtime topic and the admin list's own row, and the session id and
 * expiry the session uses to take another tab's refresh. Unreadable tokens give nothing, never throw.
 */
import { describe, expect, it } from 'vitest';
import { adminIdOf, tokenClaims } from '@/app/features/auth/lib/token';
import { TokenSigner } from '@/server/features/session/tokens';

const signer = new TokenSigner(new TextEncoder().encode('a test secret of enough length for HS256'), 900);

describe('access token claims in the browser', () => {
  it('reads the admin id, the session and the expiry of a token the server signed', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { token } = await signer.sign(42, 'session-1');
    expect(adminIdOf(token)).toBe('42');
    const claims = tokenClaims(token);
    expect(claims.sub).toBe('42');
    expect(claims.sid).toBe('session-1');
    expect(claims.exp).toBeGreaterThanOrEqual(before + 900);
    expect(claims.exp).toBeLessThanOrEqual(before + 901);
  });

  it('decodes base64url payloads (the - and _ that plain base64 writes as + and /)', async () => {
    const sid = '?>>??>>>???>?';
    const { token } = await signer.sign(7, sid);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(tokenClaims(token)).toMatchObject({ sub: '7', sid });
  });

  it('gives no admin without a token, or with one that cannot be read', () => {
    expect(adminIdOf(null)).toBeNull();
    expect(adminIdOf('')).toBeNull();
    expect(adminIdOf('not-a-jwt')).toBeNull();
    expect(adminIdOf('a.%%%.b')).toBeNull();
    expect(tokenClaims(`a.${Buffer.from('{"sub":5}').toString('base64url')}.b`)).toEqual({ sub: null, sid: null, exp: null });
  });
});
