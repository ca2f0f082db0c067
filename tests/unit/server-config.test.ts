/** TRUST_PROXY (whom the server believes about a client's address) and MAX_CONNECTIONS (src/server/config.ts). */
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, DESCRIPTOR_RESERVE, openFileLimit, parseMaxConnections, parsePgliteWasmTier, parseTrustProxy } from '@/server/config';

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

describe('MAX_CONNECTIONS', () => {
  const limits = (soft: string) => `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                20000                files\n`;

  it('reads the soft open-file limit of the process', () => {
    expect(openFileLimit(limits('20000'))).toBe(20_000);
    expect(openFileLimit(limits('unlimited'))).toBeNull();
    expect(openFileLimit(null)).toBeNull();
  });

  it('defaults to the open-file limit less the reserve kept for the database, or no bound where the limit is unknown or small', () => {
    expect(parseMaxConnections(undefined, 20_000)).toBe(20_000 - DESCRIPTOR_RESERVE);
    expect(parseMaxConnections(' ', 65_536)).toBe(65_536 - DESCRIPTOR_RESERVE);
    expect(parseMaxConnections(undefined, null)).toBeNull();
    expect(parseMaxConnections(undefined, 1_024)).toBeNull();
  });

  it('takes a whole number, 0 for no bound, and refuses anything else with a clear message', () => {
    expect(parseMaxConnections('5000', 20_000)).toBe(5_000);
    expect(parseMaxConnections('0', 20_000)).toBeNull();
    for (const bad of ['-1', '1.5', 'many', '99999999']) {
      expect(() => parseMaxConnections(bad, 20_000)).toThrow(ConfigError);
      expect(() => parseMaxConnections(bad, 20_000)).toThrow(/MAX_CONNECTIONS=.*a whole number \(0 = no bound/);
    }
    expect(configFromEnv({ MAX_CONNECTIONS: '300' }).maxConnections).toBe(300);
  });
});

describe('PGLITE_WASM_TIER', () => {
  it('compiles the embedded database with the baseline compiler unless told otherwise', () => {
    expect(configFromEnv({}).pgliteWasmTier).toBe('baseline');
    expect(parsePgliteWasmTier(' Optimizing ')).toBe('optimizing');
    expect(parsePgliteWasmTier('baseline')).toBe('baseline');
  });

  it('stops the start with the values it takes when given another', () => {
    expect(() => configFromEnv({ PGLITE_WASM_TIER: 'turbofan' })).toThrow(ConfigError);
    expect(() => parsePgliteWasmTier('fast')).toThrow('PGLITE_WASM_TIER="fast": give baseline (the default: less memory) or optimizing');
  });
});
