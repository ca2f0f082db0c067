/**
 * The file store's name and path rules (src/domain/file-names.ts), shared by the file screen's forms
 * and the server: property tests over generated names and the traversal corpus, every entry's verdict.
 */
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDirectoryName,
  checkDirectoryPath,
  checkFileName,
  checkFilePath,
  joinFilePath,
  type FileNameMessageKey,
} from '@/domain/file-names';
import { domainMessageKeys, formatDomainMessage } from '@/domain/messages';
import { traversalCorpus } from '../fixtures/traversal-corpus';

const bytes = (text: string) => new TextEncoder().encode(text).length;
const root = '/srv/files/company-1';
const winRoot = 'C:\\files\\company-1';

// Generated valid segments start with a digit, a CJK character or punctuation (so they never spell a
// drive letter or a Windows device name by chance) and end with neither a dot nor a space. The pieces
// include decomposed accents (e + U+0301, A + U+030A), so NFC has work to do, and 4-byte characters.
const startChar = fc.constantFrom(...'0123456789_-(#字表'.split(''), '\u{20000}', 'e\u0301', '\u00e9');
const endChar = fc.constantFrom(...'abcXYZ0189)字'.split(''), 'e\u0301', 'A\u030a', '\u{20000}');
const middleChar = (emoji: boolean) =>
  fc.constantFrom(...'abcdefxyzABCXYZ0123456789 ._-()[]:;,!~+=&\'@$字報名表活動'.split(''), 'e\u0301', 'A\u030a', '\u{20000}', ...(emoji ? ['🎉', '👨‍👩‍👧'] : []));
const segment = (emoji: boolean, maxMiddle: number) =>
  fc.oneof(
    startChar,
    fc.tuple(startChar, fc.array(middleChar(emoji), { maxLength: maxMiddle }), endChar).map(([a, middle, z]) => a + middle.join('') + z),
  );
const validFileName = segment(true, 20);
const validPath = fc.array(segment(true, 20), { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));
const validDirectoryName = fc.array(segment(false, 15), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));

/** Every Extended_Pictographic code point below U+20000 (the emoji blocks, © ® ™ ‼ and the like). */
const pictographs: string[] = [];
for (let code = 0; code < 0x20000; code += 1) {
  const char = String.fromCodePoint(code);
  if (/\p{Extended_Pictographic}/u.test(char)) pictographs.push(char);
}

const controlChar = fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f })).map((code) => String.fromCharCode(code));
const insertAt = (text: string, index: number, piece: string) => {
  const chars = [...text];
  const at = index % (chars.length + 1);
  return [...chars.slice(0, at), piece, ...chars.slice(at)].join('');
};

/** A path a server that joins it under any root keeps inside that root, on POSIX and on Windows. */
function expectInsideRoot(key: string) {
  expect(key.startsWith('/')).toBe(false);
  expect(key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')).toBe(true);
  // eslint-disable-next-line no-control-regex
  expect(/[\\\u0000-\u001F\u007F-\u009F]/.test(key)).toBe(false);
  expect(key).toBe(key.normalize('NFC'));
  expect(bytes(key)).toBeLessThanOrEqual(1023);
  expect(path.posix.resolve(root, key).startsWith(`${root}/`)).toBe(true);
  expect(path.win32.resolve(winRoot, key).startsWith(`${winRoot}\\`)).toBe(true);
  // Decoded once more by some layer we do not control, it still names no parent.
  let decoded = key;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    // not decodable as a whole: nothing decodes it
  }
  expect(decoded.normalize('NFKC').split(/[/\\]/)).not.toContain('..');
}

describe('valid names (property)', () => {
  it('file names and paths are accepted and kept as typed, up to NFC', () => {
    fc.assert(
      fc.property(validFileName, (name) => {
        expect(checkFileName(name)).toEqual({ ok: true, name: name.normalize('NFC') });
      }),
    );
    fc.assert(
      fc.property(validPath, (key) => {
        expect(checkFilePath(key)).toEqual({ ok: true, path: key.normalize('NFC') });
        expect(checkDirectoryPath(key)).toEqual({ ok: true, path: key.normalize('NFC') });
      }),
    );
  });

  it('directory names are accepted as typed, up to NFC, and join under a directory with one /', () => {
    fc.assert(
      fc.property(validPath, validDirectoryName, (parent, name) => {
        expect(checkDirectoryName(name)).toEqual({ ok: true, name: name.normalize('NFC') });
        expect(joinFilePath(parent, name, 'directory')).toEqual({ ok: true, path: `${parent}/${name}`.normalize('NFC') });
        expect(joinFilePath('', name, 'directory')).toEqual({ ok: true, path: name.normalize('NFC') });
      }),
    );
  });

  it('a name that passed is passed again unchanged (what is stored re-checks the same)', () => {
    const anyText = fc.oneof(validPath, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
    fc.assert(
      fc.property(anyText, (text) => {
        for (const check of [checkFileName, checkDirectoryName]) {
          const first = check(text);
          if (first.ok) expect(check(first.name)).toEqual(first);
        }
        const first = checkFilePath(text);
        if (first.ok) expect(checkFilePath(first.path)).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });
});

describe('refused names (property)', () => {
  it('a control character anywhere is refused, in file names, directory names and paths', () => {
    fc.assert(
      fc.property(validPath, controlChar, fc.nat(), (key, control, at) => {
        const bad = insertAt(key, at, control);
        const refused = { ok: false, key: 'file.controlCharacters' };
        expect(checkFilePath(bad)).toMatchObject(refused);
        expect(checkDirectoryName(bad)).toMatchObject(refused);
        expect(checkFileName(bad)).toMatchObject(refused);
        expect(joinFilePath(bad, 'a.txt')).toMatchObject({ ...refused, part: 'directory' });
        expect(joinFilePath('', bad)).toMatchObject({ ...refused, part: 'name' });
      }),
    );
  });

  it('a backslash anywhere is refused', () => {
    fc.assert(
      fc.property(validPath, fc.nat(), (key, at) => {
        const bad = insertAt(key, at, '\\');
        expect(checkFilePath(bad)).toMatchObject({ ok: false, key: 'file.backslash' });
        expect(checkDirectoryName(bad)).toMatchObject({ ok: false, key: 'file.backslash' });
        expect(checkFileName(bad)).toMatchObject({ ok: false, key: 'file.backslash' });
      }),
    );
  });

  it('a . or .. segment anywhere in a path or directory name is refused', () => {
    fc.assert(
      fc.property(fc.array(segment(false, 10), { maxLength: 4 }), fc.nat(), fc.constantFrom('.', '..'), (parts, at, dots) => {
        const withDots = [...parts];
        withDots.splice(at % (parts.length + 1), 0, dots);
        const bad = withDots.join('/');
        expect(checkFilePath(bad)).toMatchObject({ ok: false, key: 'file.dotSegment' });
        expect(checkDirectoryPath(bad)).toMatchObject({ ok: false, key: 'file.dotSegment' });
        expect(checkDirectoryName(bad)).toMatchObject({ ok: false, key: 'file.dotSegment' });
        expect(joinFilePath(bad, 'a.txt')).toMatchObject({ ok: false, key: 'file.dotSegment', part: 'directory' });
      }),
    );
  });

  it('an emoticon (Extended_Pictographic) anywhere in a directory name is refused; file names may hold one', () => {
    expect(pictographs.length).toBeGreaterThan(2500);
    fc.assert(
      fc.property(validDirectoryName, fc.constantFrom(...pictographs), fc.nat(), (name, emoticon, at) => {
        expect(checkDirectoryName(insertAt(name, at, emoticon))).toMatchObject({ ok: false, key: 'file.emoticon' });
      }),
    );
    for (const name of ['🇹🇼', '1️⃣', 'a👍🏽', '©2024', '📁']) expect(checkDirectoryName(name), name).toMatchObject({ ok: false, key: 'file.emoticon' });
    expect(checkFileName('party 🎉.mp4')).toEqual({ ok: true, name: 'party 🎉.mp4' });
  });
});

describe('lengths', () => {
  it('file names: 1023 bytes of UTF-8 pass and 1024 or more do not, whatever the characters take', () => {
    const unit = fc.constantFrom('a', 'é', 'e\u0301', '字', '\u{20000}', '🎉');
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 8 }), (pattern) => {
        // Fill with the pattern (NFC bytes count) as far as it fits, then pad with 'a' to 1023 exactly.
        let name = '1';
        for (let i = 0; ; i += 1) {
          const next = name + pattern[i % pattern.length];
          if (bytes(next.normalize('NFC')) > 1023) break;
          name = next;
        }
        name += 'a'.repeat(1023 - bytes(name.normalize('NFC')));
        expect(bytes(name.normalize('NFC'))).toBe(1023);
        expect(checkFileName(name)).toEqual({ ok: true, name: name.normalize('NFC') });
        expect(checkFilePath(name)).toEqual({ ok: true, path: name.normalize('NFC') });
        for (const extra of ['a', 'é', '字', '\u{20000}']) {
          expect(checkFileName(name + extra)).toEqual({ ok: false, key: 'file.fileNameTooLong', params: { max: 1023 } });
          expect(checkFilePath(name + extra)).toEqual({ ok: false, key: 'file.pathTooLong', params: { max: 1023 } });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('counts bytes after NFC: 511 decomposed é and an a are 1534 bytes typed, 1023 stored', () => {
    const typed = 'e\u0301'.repeat(511) + 'a';
    expect(bytes(typed)).toBe(1534);
    expect(checkFileName(typed)).toEqual({ ok: true, name: '\u00e9'.repeat(511) + 'a' });
  });

  it('a joined path is held to 1023 bytes in all, refused on the name', () => {
    const directory = 'd'.repeat(500);
    expect(joinFilePath(directory, 'f'.repeat(522))).toEqual({ ok: true, path: `${directory}/${'f'.repeat(522)}` });
    expect(joinFilePath(directory, 'f'.repeat(523))).toEqual({ ok: false, key: 'file.pathTooLong', params: { max: 1023 }, part: 'name' });
  });

  it('directory names: 60 characters as users see them pass, 61 do not', () => {
    for (const char of ['a', '字', '\u{20000}', 'e\u0301', 'A\u030a', 'ก\u0e49']) {
      expect(checkDirectoryName(char.repeat(60)), char).toEqual({ ok: true, name: char.repeat(60).normalize('NFC') });
      expect(checkDirectoryName(char.repeat(61)), char).toEqual({ ok: false, key: 'file.directoryNameTooLong', params: { max: 60 } });
    }
    // The / between levels counts: 30 + 1 + 29 = 60.
    expect(checkDirectoryName(`${'a'.repeat(30)}/${'b'.repeat(29)}`)).toMatchObject({ ok: true });
    expect(checkDirectoryName(`${'a'.repeat(30)}/${'b'.repeat(30)}`)).toMatchObject({ ok: false, key: 'file.directoryNameTooLong' });
    // One character holding 600 combining marks is still held to the path's bytes.
    expect(checkDirectoryName('a' + '\u0301\u0302'.repeat(300))).toEqual({ ok: false, key: 'file.pathTooLong', params: { max: 1023 } });
  });

  it('empty names are refused; the empty directory path is the root', () => {
    expect(checkFileName('')).toMatchObject({ ok: false, key: 'file.nameRequired' });
    expect(checkDirectoryName('')).toMatchObject({ ok: false, key: 'file.nameRequired' });
    expect(checkFilePath('')).toMatchObject({ ok: false, key: 'file.nameRequired' });
    expect(checkDirectoryPath('')).toEqual({ ok: true, path: '' });
    expect(joinFilePath('', 'a.pdf')).toEqual({ ok: true, path: 'a.pdf' });
    expect(joinFilePath('docs', '')).toMatchObject({ ok: false, key: 'file.nameRequired', part: 'name' });
  });
});

describe('separators and case', () => {
  it('directory names may nest with single / but never start, end or double it', () => {
    expect(checkDirectoryName('2024/q1')).toEqual({ ok: true, name: '2024/q1' });
    for (const name of ['/docs', 'docs/', 'a//b', '//', '/']) expect(checkDirectoryName(name), name).toMatchObject({ ok: false, key: 'file.separators' });
    expect(checkFileName('a/b.pdf')).toMatchObject({ ok: false, key: 'file.slashInFileName' });
    expect(joinFilePath('/docs', 'a.pdf')).toMatchObject({ ok: false, key: 'file.absolutePath', part: 'directory' });
  });

  it('names are case sensitive: Report.PDF and report.pdf are two files', () => {
    expect(checkFileName('Report.PDF')).toEqual({ ok: true, name: 'Report.PDF' });
    expect(checkFileName('report.pdf')).toEqual({ ok: true, name: 'report.pdf' });
    expect(joinFilePath('Docs', 'a.pdf')).not.toEqual(joinFilePath('docs', 'a.pdf'));
  });
});

describe('joined paths never leave the root (property)', () => {
  const piece = fc.constantFrom('..', '.', '/', '\\', '%2e', '%2f', '%25', '%c0', '%ae', 'a', '字', '\u0000', ' ', '／', '．', '‥', 'C:', 'CON', 'e\u0301', '\u202E', '~', ':');
  const hostile = fc.oneof(fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')), fc.string({ unit: 'binary', maxLength: 30 }), validPath);

  it('whatever a client sends, an accepted path is relative, has no . or .. segment and resolves inside the root', () => {
    fc.assert(
      fc.property(hostile, hostile, fc.constantFrom('file' as const, 'directory' as const), (directory, name, kind) => {
        const joined = joinFilePath(directory, name, kind);
        if (joined.ok) expectInsideRoot(joined.path);
        const single = checkFilePath(name);
        if (single.ok) expectInsideRoot(single.path);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('traversal corpus', () => {
  it('holds at least 100 names of every kind the issue lists', () => {
    expect(traversalCorpus.length).toBeGreaterThanOrEqual(100);
    const categories = new Set(traversalCorpus.map((entry) => entry.category));
    for (const category of ['urlEncoded', 'doubleEncoded', 'backslashes', 'mixedSeparators', 'overlong', 'fullwidth', 'nul', 'devices', 'trailing', 'veryLong', 'bidi']) {
      expect(categories, category).toContain(category);
    }
    expect(new Set(traversalCorpus.map((entry) => entry.path)).size).toBe(traversalCorpus.length);
  });

  it.each(traversalCorpus.map((entry) => [entry.category, JSON.stringify(entry.path).slice(0, 50), entry] as const))('%s %s', (_category, _label, entry) => {
    const verdict = checkFilePath(entry.path);
    if (entry.expected.ok) {
      expect(verdict).toEqual({ ok: true, path: entry.expected.path });
      expectInsideRoot(entry.expected.path);
      // As the directory of an upload it joins with one /, within the byte limit.
      const joined = joinFilePath(entry.path, 'x.txt');
      if (bytes(entry.expected.path) + 6 <= 1023) expect(joined).toEqual({ ok: true, path: `${entry.expected.path}/x.txt` });
      else expect(joined).toMatchObject({ ok: false, key: 'file.pathTooLong', part: 'name' });
      // Without a / it is also a valid file name, the same one.
      if (!entry.path.includes('/')) expect(checkFileName(entry.path)).toEqual({ ok: true, name: entry.expected.path });
    } else {
      expect(verdict).toMatchObject({ ok: false, key: entry.expected.key });
      // As a directory it is refused too, except the empty path: that is the root.
      if (entry.path !== '') expect(joinFilePath(entry.path, 'x.txt')).toMatchObject({ ok: false, part: 'directory' });
      // A file name is stricter than a path: refused too (perhaps for its / first).
      expect(checkFileName(entry.path)).toMatchObject({ ok: false });
      expect(joinFilePath('docs', entry.path)).toMatchObject({ ok: false, part: 'name' });
    }
  });
});

describe('messages', () => {
  const fileKeys = domainMessageKeys.filter((key): key is FileNameMessageKey => key.startsWith('file.'));

  it('every rule has its sentence in zh-TW and en, limits filled in', () => {
    expect(fileKeys.length).toBeGreaterThanOrEqual(16);
    for (const key of fileKeys) {
      const params = { max: 1023, type: 'PDF', limit: '200 MB', name: 'a.pdf', path: 'docs/a.pdf', field: 'directory' };
      const zh = formatDomainMessage('zh-TW', key, params);
      const en = formatDomainMessage('en', key, params);
      expect(zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(en, key).toMatch(/^[\x20-\x7e]+$/);
      expect(`${zh}${en}`, key).not.toMatch(/\{\w+\}/);
    }
    expect(formatDomainMessage('en', 'file.directoryNameTooLong', { max: 60 })).toBe('A directory name has 1 to 60 characters');
    expect(formatDomainMessage('zh-TW', 'file.directoryNameTooLong', { max: 60 })).toBe('目錄名稱需為 1 到 60 個字');
  });

  it('each refusal of the corpus names a key with a sentence', () => {
    for (const entry of traversalCorpus) if (!entry.expected.ok) expect(fileKeys).toContain(entry.expected.key);
  });
});
