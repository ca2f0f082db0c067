/**
 * The read cache's entries and generations (src/server/features/read-cache/cache.ts): an answer read
 * while one of its tables changed is never kept; an invalidation drops exactly the entries of its
 * group; while the bus is down nothing is served or kept.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, ReadCache } from '@/server/features/read-cache/cache';

const groups = (company: number) => [`company:${company}`, `trivia_games:${company}`, 'trivia_games:*'];

describe('the read cache', () => {
  it('serves what it kept until one of its groups is invalidated', () => {
    const cache = new ReadCache();
    const plan = cache.plan('games|1', groups(1));
    expect(cache.get(plan)).toBeNull();
    expect(cache.store(plan, '{"code":200,"list":[1]}')).toBe(true);
    expect(cache.get(cache.plan('games|1', groups(1)))).toBe('{"code":200,"list":[1]}');
    cache.invalidate('trivia_games:2');
    expect(cache.get(cache.plan('games|1', groups(1))), "another company's change leaves it").toBe('{"code":200,"list":[1]}');
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

  it('the same body in any field order is one key', () => {
    expect(canonicalJson({ page: 1, limit: 20, filter: { b: 2, a: [1, { d: 1, c: 2 }] } })).toBe(canonicalJson({ filter: { a: [1, { c: 2, d: 1 }], b: 2 }, limit: 20, page: 1 }));
    expect(canonicalJson({ page: 1 })).not.toBe(canonicalJson({ page: 2 }));
  });
});
