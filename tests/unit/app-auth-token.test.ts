/**
 * What the SPA reads from the access tokens the server really signs (features/auth/lib/token.ts): the
 * admin id (`sub`) that names the realtime topic and the admin list's own row, and the session id and
 * expiry the session uses to take another tab's refresh. Unreadable tokens give nothing, never throw.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { adminIdOf, tokenClaims } from '@/app/features/auth/lib/token';
import { TokenSigner } from '@/server/features/access/tokens';

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

  it('reads what jose\'s decodeJwt reads, and nothing where it fails', async () => {
    const part = (text: string) => Buffer.from(text).toString('base64url');
    const { token } = await signer.sign(9, 'séance ✓');
    const inputs = [
      token,
      `a.${part('{"sub":"1","sid":"s","exp":5}')}.b`,
      `a.${part('{"sub":"1"}')}=.b`,
      `a.${part('{"sub":"1"}').replace(/-/g, '+')}.b`,
      `a.${part('{"sub":"é"}')}.b`,
      `a.${Buffer.from([0x7b, 0x22, 0x73, 0x75, 0x62, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]).toString('base64url')}.b`,
      `a.${part('[1]')}.b`,
      `a.${part('null')}.b`,
      `a.${part('"sub"')}.b`,
      `a.${part('{"sub":"1"')}.b`,
      `a..b`,
      `a.${part('{"sub":"1"}')}.b.c.d`,
      `a.${part('{"sub":"1"}')}`,
      `a.${part('{"sub":"1"}')}x.b`,
      `a.${part('{"sub":"1","exp":"5"}')}.b`,
    ];
    for (const input of inputs) {
      let expected: unknown;
      try {
        const claims = decodeJwt(input);
        expected = {
          sub: typeof claims.sub === 'string' ? claims.sub : null,
          sid: typeof claims.sid === 'string' ? claims.sid : null,
          exp: typeof claims.exp === 'number' ? claims.exp : null,
        };
      } catch {
        expected = { sub: null, sid: null, exp: null };
      }
      expect(tokenClaims(input), input).toEqual(expected);
    }
    expect(tokenClaims(token).sid).toBe('séance ✓');
  });
});
