/**
 * The nickname rule both the phone and the server apply (src/domain/nickname.ts): characters are
 * counted as users see them (grapheme clusters), a name is normalised (NFC, trimmed) and never cut;
 * a name reads as what it is (no text-direction controls, no invisible characters outside emoji, a
 * name showing nothing is empty: issue 33). And the look-alike key the server compares names on
 * (src/domain/nickname-key.ts).
 */
import { describe, expect, it } from 'vitest';
import { graphemeCount } from '@/domain/graphemes';
import { checkNickname, normalizeNickname, NICKNAME_MAX_GRAPHEMES } from '@/domain/nickname';
import { formatDomainMessage } from '@/domain/messages';
import { nicknameKey } from '@/domain/nickname-key';

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

  it('takes a name that shows nothing for an empty one: zero-width characters, Hangul fillers, the blank braille cell', () => {
    for (const blank of ['\u200B', '\u200B\u200C\u200D', '\u3164', '\uFFA0\u3164', '\u2800\u2800', ' \u2060 \uFEFF ', '\u00AD', '\u115F\u1160', '\u{E0041}']) {
      expect(checkNickname(blank), JSON.stringify(blank)).toMatchObject({ ok: false, key: 'nickname.required' });
    }
  });

  it('refuses text-direction controls (abc\\u202Egpj.exe shows as abcexe.jpg), as file names do', () => {
    for (const name of ['abc\u202Egpj.exe', '\u202DBob', 'Bob\u200F', '\u2066Bob\u2069', 'a\u061Cb']) {
      expect(checkNickname(name), JSON.stringify(name)).toMatchObject({ ok: false, key: 'nickname.bidiControl' });
    }
  });

  it('refuses invisible characters inside a name, and keeps them where they build an emoji', () => {
    for (const name of ['B\u200Dob', 'B\u200Bob', 'Bob\u2060', 'Bo\u00ADb', 'Bob\u3164', 'Bob\u2800', 'a\uFE0Fb', '小\u200C明', '👩\u200DBob', 'Bob\u200D👩', '\u200D👩']) {
      expect(checkNickname(name), JSON.stringify(name)).toMatchObject({ ok: false, key: 'nickname.invisibleCharacters' });
    }
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    for (const name of [family, '👩\u200D💻 Ann', '❤\uFE0F小明', '1\uFE0F\u20E3', `${scotland} Ewan`, '🏳\uFE0F\u200D🌈', '👍🏽']) {
      expect(checkNickname(name), JSON.stringify(name)).toMatchObject({ ok: true, nickname: name.normalize('NFC') });
    }
  });

  it('keeps Chinese, Japanese and accented names as they are', () => {
    for (const name of ['小明', '王小明', '陳大文', 'さくら', 'José', '김민준', 'Ann Lee']) expect(checkNickname(name)).toEqual({ ok: true, nickname: name });
  });

  it('has its messages in both languages, naming the limit', () => {
    for (const lang of ['en', 'zh-TW'] as const) expect(formatDomainMessage(lang, 'nickname.tooLong', { max: NICKNAME_MAX_GRAPHEMES })).toContain('20');
  });
});

describe('nicknameKey (TR39 skeleton, lower-cased)', () => {
  const same = (a: string, b: string) => expect(nicknameKey(a), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(nicknameKey(b));
  const differ = (a: string, b: string) => expect(nicknameKey(a), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).not.toBe(nicknameKey(b));

  it('gives look-alikes one key: Cyrillic and Greek letters, full-width forms, case, digits that read as letters', () => {
    same('Вob', 'Bob'); // Cyrillic Ve
    same('ВОВ', 'bob');
    same('Αnn', 'Ann'); // Greek Alpha
    same('ｂｏｂ', 'Bob'); // full-width
    same('Ｂob', 'bob');
    same('Ian', 'lan');
    same('0scar', 'Oscar');
    same('rn', 'm');
    same('Bob', 'BOB');
    same('ｶﾅ', 'カナ'); // half-width katakana
  });

  it('keeps different Chinese names apart, and one name one key however it is written', () => {
    differ('小明', '小名');
    differ('小明', '小朋');
    differ('陳大文', '陈大文'); // traditional and simplified are two names
    differ('張三', '李四');
    same('小明', '小明');
    same('小明', '小明'.normalize('NFD'));
    same('\u2F08', '\u4EBA'); // the Kangxi radical 人 and the character 人 (NFKC)
    differ('Ann', 'Anna');
    differ('Bob', 'Rob');
  });

  it('leaves out what shows nothing (TR39 removes default ignorables)', () => {
    same('B\u200Bob', 'Bob');
    same('👩\u200D💻', '👩💻');
  });
});
