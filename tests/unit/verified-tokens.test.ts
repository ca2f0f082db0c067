/**
 * The access tokens a server process has already checked (src/server/features/access/verified-tokens.ts,
 * issue 22): a token known by its exact string answers valid until its expiry second and expired from
 * then on, as a fresh signature check would; a token never seen (another string, however close) is
 * unknown; the memory is bounded, the oldest forgotten first.
 */
import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '@/server/features/access/verified-tokens';

const claims = (n: number) => ({ adminId: n, sessionId: `s${n}`, jti: `j${n}` });
const EXP = 2_000_000_000; // seconds

describe('verified tokens', () => {
  it('answers valid before the expiry second and expired from it on, with the claims', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', claims(1), EXP);
    expect(tokens.lookup('a.b.c', EXP * 1000 - 1)).toEqual({ status: 'valid', claims: claims(1) });
    expect(tokens.lookup('a.b.c', EXP * 1000)).toEqual({ status: 'expired', claims: claims(1) });
    expect(tokens.lookup('a.b.c', EXP * 1000 + 30_000)).toEqual({ status: 'expired', claims: claims(1) });
  });

  it('knows only the exact string it was given', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a.b.c', claims(1), EXP);
    expect(tokens.lookup('a.b.C', 0)).toBeNull();
    expect(tokens.lookup('a.b.c ', 0)).toBeNull();
    expect(tokens.lookup('', 0)).toBeNull();
  });

  it('forgets a token a while after its expiry (it is then checked again, and expired again)', () => {
    const tokens = new VerifiedTokens(10, 60);
    tokens.remember('a.b.c', claims(1), EXP);
    expect(tokens.lookup('a.b.c', (EXP + 60) * 1000)).toEqual({ status: 'expired', claims: claims(1) });
    expect(tokens.lookup('a.b.c', (EXP + 60) * 1000)).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('keeps at most its bound, forgetting the oldest first', () => {
    const tokens = new VerifiedTokens(3);
    for (let n = 1; n <= 5; n += 1) tokens.remember(`t${n}`, claims(n), EXP);
    expect(tokens.size).toBe(3);
    expect(tokens.lookup('t1', 0)).toBeNull();
    expect(tokens.lookup('t2', 0)).toBeNull();
    expect(tokens.lookup('t5', 0)).toEqual({ status: 'valid', claims: claims(5) });
  });
});
