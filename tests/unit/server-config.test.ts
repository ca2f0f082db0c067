/** TRUST_PROXY: whom the server believes about a client's address (src/server/config.ts). */
import { describe, expect, it } from 'vitest';
import { configFromEnv, parseTrustProxy } from '@/server/config';

describe('TRUST_PROXY', () => {
  it('believes no proxy by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy(' false ')).toBe(false);
    expect(configFromEnv({}).trustProxy).toBe(false);
  });

  it('takes true, a hop count, or the proxies’ addresses and CIDRs', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,')).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(configFromEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
  });
});
