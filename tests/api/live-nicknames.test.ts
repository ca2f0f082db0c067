/**
 * Nicknames that do not read as what they are (issue 33), through POST /api/play/join: a name that
 * shows nothing (zero-width characters, the Hangul filler U+3164, the blank braille cell U+2800) is an
 * empty name; text-direction controls (`abc\u202Egpj.exe` shows as "abcexe.jpg") and invisible
 * characters inside a name are refused with their own sentence in the request's language, and
 * nothing is stored; a name that only looks like one already in the game ("Вob" with a Cyrillic В
 * beside "Bob", full-width "ｂｏｂ") is taken, alone or in one batch of joins, while different
 * Chinese names and emoji built with joiners still join.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { formatDomainMessage } from '@/domain/messages';
import { players } from '@/server/db/schema';
import { admitPlayers } from '@/server/features/live/queries';
import { createTestApp } from '../support/app';
import { login } from '../support/api';
import { bench, play } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
});
afterAll(() => app.close());

const TAKEN = { en: 'This nickname is taken; please choose another one', 'zh-TW': '此暱稱已有人使用，請換一個' };
const storedNames = async (gameId: number) =>
  (await app.db.select({ nickname: players.nickname }).from(players).where(eq(players.triviaGameId, gameId))).map((p) => p.nickname).sort();

describe('names that do not read as what they are', () => {
  let gameId: number;
  let pin: string;
  beforeAll(async () => {
    ({ id: gameId, pin } = await b.createGame({ title: 'Hidden characters', type: 1 }));
  });

  it.each([
    ['a zero-width space alone', '\u200B', 'nickname.required'],
    ['the Hangul filler U+3164', '\u3164\u3164', 'nickname.required'],
    ['the blank braille cell U+2800', '\u2800', 'nickname.required'],
    ['zero-width joiners and spaces', ' \u200D \u200C ', 'nickname.required'],
    ['a right-to-left override', 'abc\u202Egpj.exe', 'nickname.bidiControl'],
    ['a right-to-left mark', 'Bob\u200F', 'nickname.bidiControl'],
    ['a zero-width joiner inside a name', 'B\u200Dob', 'nickname.invisibleCharacters'],
    ['a zero-width space inside a name', '小\u200B明', 'nickname.invisibleCharacters'],
    ['a Hangul filler after a name', 'Bob\u3164', 'nickname.invisibleCharacters'],
  ] as const)('refuses %s (422 under nickname, both languages) and stores nothing', async (_case, nickname, key) => {
    for (const lang of ['en', 'zh-TW'] as const) {
      const res = await play(app, '/join', { pin, nickname }, { lang });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({ nickname: [formatDomainMessage(lang, key, { max: 20 })] });
    }
    expect(await storedNames(gameId)).toEqual([]);
  });

  it('says each in words a player reads', () => {
    expect(formatDomainMessage('en', 'nickname.required')).toBe('Please enter a nickname');
    expect(formatDomainMessage('en', 'nickname.bidiControl')).toBe('A nickname must not contain characters that change the text direction (such as U+202E)');
    expect(formatDomainMessage('zh-TW', 'nickname.invisibleCharacters')).toBe('暱稱不可包含看不見的字元（例如零寬度空格；表情符號可以）');
  });
});

describe('names that look the same', () => {
  it('refuses "Вob" (Cyrillic В), "ｂｏｂ" and "BOB" beside "Bob", in both languages', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Look-alikes', type: 1 });
    await b.joinPlayer(pin, 'Bob');
    for (const nickname of ['Вob', 'ВОВ', 'ｂｏｂ', 'BOB', 'Βob' /* Greek Beta */]) {
      for (const lang of ['en', 'zh-TW'] as const) {
        expect((await play(app, '/join', { pin, nickname }, { lang })).body, nickname).toEqual({ code: 201, message: TAKEN[lang], data: null });
      }
    }
    expect(await storedNames(gameId)).toEqual(['Bob']);
  });

  it('refuses the look-alike whichever came first, and keeps the name as typed', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Cyrillic first', type: 1 });
    const first = await play(app, '/join', { pin, nickname: 'Вob' });
    expect(first.body).toMatchObject({ code: 200, data: { player: { nickname: 'Вob' } } });
    expect((await play(app, '/join', { pin, nickname: 'Bob' })).body.message).toBe(TAKEN.en);
    expect(await storedNames(gameId)).toEqual(['Вob']);
  });

  it('admits one of two look-alikes sent at once (one batch of joins)', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'At once', type: 1 });
    const names = ['Eve', 'Еve' /* Cyrillic Ie */, 'ＥＶＥ', 'Ann', 'Аnn' /* Cyrillic A */];
    const results = await Promise.all(names.map((nickname) => play(app, '/join', { pin, nickname })));
    const admitted = results.filter((res) => res.body.code === 200).map((res) => res.body.data.player.nickname as string);
    expect(admitted).toHaveLength(2);
    expect(results.filter((res) => res.body.code === 201).map((res) => res.body.message)).toEqual([TAKEN.en, TAKEN.en, TAKEN.en]);
    expect((await storedNames(gameId)).length).toBe(2);
  });

  it('in one statement of the group commit, admits the first of two look-alikes and not the second (no unique violation undoing the batch)', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'One statement', type: 1 });
    const input = (nickname: string, i: number) => ({ pin, nickname, tokenHash: `look-alike-${gameId}-${i}`, joinedAt: new Date() });
    const admitted = await admitPlayers(app.db, pin, ['Zoe', 'Ζoe' /* Greek Zeta */, 'Max'].map(input));
    expect(admitted.map((a) => a?.player.nickname)).toEqual(['Zoe', undefined, 'Max']);
    expect(await storedNames(gameId)).toEqual(['Max', 'Zoe']);
  });

  it('keeps different Chinese names apart and refuses the same one, in either width', async () => {
    const { id: gameId, pin } = await b.createGame({ title: '中文暱稱', type: 1 });
    for (const nickname of ['小明', '小名', '王小明', '陳大文', '陈大文', 'ABC', '👩‍💻 Ann', '👨‍👩‍👧‍👦']) await b.joinPlayer(pin, nickname);
    for (const nickname of ['小明', '小明', 'ＡＢＣ', 'abc', '👩‍💻 Ann']) {
      expect((await play(app, '/join', { pin, nickname }, { lang: 'zh-TW' })).body, nickname).toEqual({ code: 201, message: TAKEN['zh-TW'], data: null });
    }
    expect(await storedNames(gameId)).toHaveLength(8);
  });
});
