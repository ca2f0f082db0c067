/**
 * The nickname rule both the phone and the server apply (src/domain/nickname.ts): characters are
 * counted as users see them (grapheme clusters), a name is normalised (NFC, trimmed) and never cut.
 */
import { describe, expect, it } from 'vitest';
import { graphemeCount } from '@/domain/graphemes';
import { checkNickname, normalizeNickname, NICKNAME_MAX_GRAPHEMES } from '@/domain/nickname';
import { formatDomainMessage } from '@/domain/messages';

const family = '👨‍👩‍👧‍👦'; // 7 code points, 11 UTF-16 units
const taiwan = '🇹🇼'; // two regional indicators
const eAcute = 'e\u0301'; // e + combining acute accent

describe('graphemeCount', () => {
  it.each([
    [family, 1],
    [taiwan, 1],
    [eAcute, 1],
    ['台灣好', 3],
    ['👍🏽', 1],
    ['Ann', 3],
    [`${family}${taiwan}a${eAcute}台`, 5],
  ])('counts %s as %i', (text, count) => {
    expect(graphemeCount(text)).toBe(count);
  });
});

describe('checkNickname', () => {
  const tooLong = { ok: false, key: 'nickname.tooLong', params: { max: 20 } };

  it('accepts exactly 20 characters of every kind and refuses 21, never cutting', () => {
    for (const unit of [family, taiwan, eAcute, '字', 'a']) {
      expect(checkNickname(unit.repeat(20)), unit).toMatchObject({ ok: true });
      expect(checkNickname(unit.repeat(21)), unit).toEqual(tooLong);
    }
    const mixed = `${family}${taiwan}${eAcute}台灣 Ann`.repeat(2); // 2 × 9 = 18
    expect(graphemeCount(normalizeNickname(mixed))).toBe(18);
    expect(checkNickname(mixed + '😀😀')).toMatchObject({ ok: true });
    expect(checkNickname(mixed + '😀😀😀')).toEqual(tooLong);
  });

  it('normalises to NFC, trims, and joins inner white space', () => {
    expect(checkNickname(`  Rene\u0301e  `)).toEqual({ ok: true, nickname: 'Ren\u00e9e' });
    expect(checkNickname('Ann   Lee')).toEqual({ ok: true, nickname: 'Ann Lee' });
    expect(checkNickname('\u3000小明\u3000')).toEqual({ ok: true, nickname: '小明' });
    // 20 decomposed accents are 40 code points but 20 characters.
    expect(checkNickname(eAcute.repeat(20))).toEqual({ ok: true, nickname: '\u00e9'.repeat(20) });
    // Surrounding spaces do not count towards the limit.
    expect(checkNickname(`   ${'字'.repeat(20)}   `)).toMatchObject({ ok: true });
  });

  it('refuses an empty name and control characters', () => {
    expect(checkNickname('')).toMatchObject({ ok: false, key: 'nickname.required' });
    expect(checkNickname('   ')).toMatchObject({ ok: false, key: 'nickname.required' });
    expect(checkNickname('Bob\n')).toMatchObject({ ok: false, key: 'nickname.controlCharacters' });
    expect(checkNickname('a\u0000b')).toMatchObject({ ok: false, key: 'nickname.controlCharacters' });
    expect(checkNickname('a\u009bb')).toMatchObject({ ok: false, key: 'nickname.controlCharacters' });
  });

  it('refuses half of a surrogate pair (not text; it would be stored as U+FFFD) and keeps whole pairs', () => {
    expect(checkNickname('Bob\ud83d')).toMatchObject({ ok: false, key: 'nickname.invalidCharacters' });
    expect(checkNickname('\udc00Bob')).toMatchObject({ ok: false, key: 'nickname.invalidCharacters' });
    expect(checkNickname('Bob \ud83d\ude42')).toEqual({ ok: true, nickname: 'Bob 🙂' });
  });

  it('has its messages in both languages, naming the limit', () => {
    for (const lang of ['en', 'zh-TW'] as const) expect(formatDomainMessage(lang, 'nickname.tooLong', { max: NICKNAME_MAX_GRAPHEMES })).toContain('20');
  });
});
