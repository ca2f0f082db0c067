/**
 * The read cache's entries and generations (src/server/features/read-cache/cache.ts): an answer read
 * while one of its tables changed is never kept; an invalidation drops exactly the entries of its
 * group; while the bus is down nothing is served or kept; a compressed copy is made once and kept
 * with its entry.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canonicalJson, ReadCache } from '@/server/features/read-cache/cache';

const groups = (company: number) => [`company:${company}`, `trivia_games:${company}`, 'trivia_games:*'];

describe('the read cache', () => {
  it('serves what it kept until one of its groups is invalidated', () => {
    const cache = new ReadCache();
    const plan = cache.plan('games|1', groups(1));
    expect(cache.get(plan)).toBeNull();
    expect(cache.store(plan, '{"code":200,"list":[1]}')).toBe(true);
    expect(cache.get(cache.plan('games|1', groups(1)))?.body).toBe('{"code":200,"list":[1]}');
    cache.invalidate('trivia_games:2');
    expect(cache.get(cache.plan('games|1', groups(1)))?.body, "another company's change leaves it").toBe('{"code":200,"list":[1]}');
    cache.invalidate('trivia_games:1');
    expect(cache.get(cache.plan('games|1', groups(1)))).toBeNull();
  });

  it('keeps nothing of a read that started before a write whose invalidation came before the read ended', () => {
    const cache = new ReadCache();
    const plan = cache.plan('games|1', groups(1));
    // …the read runs; meanwhile a write commits and its notification arrives:
    cache.invalidate('trivia_games:*');
    expect(cache.store(plan, '{"code":200,"list":["old"]}')).toBe(false);
    expect(cache.get(cache.plan('games|1', groups(1)))).toBeNull();
    expect(cache.snapshot().raced).toBe(1);
  });

  it('serves and keeps nothing while bypassed (the bus down), and forgets everything on clear', () => {
    const cache = new ReadCache();
    const plan = cache.plan('games|1', groups(1));
    cache.store(plan, '{"code":200}');
    const during = cache.plan('games|1', groups(1));
    cache.bypass = true;
    cache.clear();
    expect(cache.get(during)).toBeNull();
    expect(cache.store(during, '{"code":200}')).toBe(false);
    cache.bypass = false;
    expect(cache.store(during, '{"code":200}'), 'a read planned before the clear keeps nothing').toBe(false);
    expect(cache.get(cache.plan('games|1', groups(1)))).toBeNull();
  });

  it('compresses a kept answer once per encoding, counts the copy in its size and drops it with the entry', () => {
    const cache = new ReadCache();
    const plan = cache.plan('games|1', groups(1));
    const body = `{"code":200,"list":[${'"a game",'.repeat(200)}"last"]}`;
    cache.store(plan, body);
    const answer = cache.get(cache.plan('games|1', groups(1)))!;
    let compressions = 0;
    const compress = (text: string) => {
      compressions += 1;
      return zlib.gzipSync(text);
    };
    const first = cache.encode(answer, 'gzip', compress);
    expect(zlib.gunzipSync(first).toString('utf8')).toBe(body);
    expect(cache.encode(cache.get(cache.plan('games|1', groups(1)))!, 'gzip', compress), 'the next hit sends the kept copy').toBe(first);
    expect(compressions).toBe(1);
    expect(cache.snapshot().bytes).toBe(body.length + first.length);
    cache.invalidate('trivia_games:1');
    expect(cache.get(cache.plan('games|1', groups(1)))).toBeNull();
    expect(cache.snapshot().bytes, 'dropped with its entry').toBe(0);
    // An answer whose entry was dropped meanwhile is still compressed for its reader, but not kept.
    cache.store(cache.plan('games|1', groups(1)), body);
    const kept = cache.get(cache.plan('games|1', groups(1)))!;
    cache.clear();
    expect(zlib.gunzipSync(cache.encode(kept, 'gzip', compress)).toString('utf8')).toBe(body);
    expect(cache.snapshot().bytes).toBe(0);
  });

  it('the same body in any field order is one key', () => {
    expect(canonicalJson({ page: 1, limit: 20, filter: { b: 2, a: [1, { d: 1, c: 2 }] } })).toBe(canonicalJson({ filter: { a: [1, { c: 2, d: 1 }], b: 2 }, limit: 20, page: 1 }));
    expect(canonicalJson({ page: 1 })).not.toBe(canonicalJson({ page: 2 }));
  });
});
