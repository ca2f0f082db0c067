/**
 * The text rule of every request (src/server/contract/plain-text.ts, docs/api-conventions.md "Text"):
 * a control character or an unpaired surrogate in any string of either contract is a 422 under its
 * field in the request's language — never a 500 from the database, which refuses U+0000 — except tab
 * and line breaks in the fields the contract marks `x-multiline`, and the fields whose domain rule
 * (file names and paths, the nickname) says it in its own words.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDomainMessage } from '@/domain/messages';
import { loadPlaySpec } from '@/server/contract/spec';
import { operationBodyValidator } from '@/server/plugins/contract';
import { fieldErrorsFromValidation } from '@/server/plugins/errors';
import { call, login } from '../support/api';
import { createTestApp } from '../support/app';
import { play } from './live-support';

const CONTROL = { en: 'Must not contain control characters (such as a line break or NUL)', 'zh-TW': '不可包含控制字元（例如換行或 NUL）' };
const CONTROL_MULTILINE = {
  en: 'Must not contain control characters such as NUL (line breaks and tabs are fine)',
  'zh-TW': '不可包含控制字元（例如 NUL；換行與 Tab 可以）',
};
const INVALID = { en: 'Contains invalid characters (unpaired UTF-16 surrogates)', 'zh-TW': '包含無效的字元（不成對的 UTF-16 代理字元）' };

const options = (...texts: string[]) => texts.map((text, i) => ({ title: 'ABCD'[i], text, img: '' }));

describe('the text rule', () => {
  let app: FastifyInstance;
  let token: string;
  let gameId: number;
  let pin: string;
  const api = (path: string, body: unknown, lang: 'en' | 'zh-TW' = 'en') => call(app, path, body, { token, lang });
  const question = (changes: Record<string, unknown>) => ({
    trivia_game_id: gameId,
    title: 'Highest peak',
    question_text: 'Which is the highest?',
    have_answering_time: 1,
    answering_time: 15,
    score: 0,
    question_type: 1,
    is_bonus: 0,
    options: options('Yushan', 'Xueshan'),
    answer: ['A'],
    ...changes,
  });

  beforeAll(async () => {
    app = await createTestApp();
    token = await login(app);
    const created = await api('/triviaGame/create', { title: 'Text rule', type: 1, status: 1 });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    gameId = created.body.data.id as number;
    pin = (await api('/triviaGame/detail', { id: gameId })).body.data.item.pin as string;
  });
  afterAll(() => app.close());

  it('answers a NUL in the fields that answered 500 with a 422 under the field, in both languages', async () => {
    const cases: [string, Record<string, unknown>, string, boolean][] = [
      ['/login', { username: 'a\u0000b', password: 'x' }, 'username', false],
      ['/triviaGame/list', { page: 1, limit: 10, title: 'a\u0000' }, 'title', false],
      ['/triviaGame/create', { title: 'Quiz\u0000', type: 1 }, 'title', false],
      ['/question/list', { trivia_game_id: 1, page: 1, limit: 10, title: '\u0000' }, 'title', false],
      ['/admin/updateSelf', { name: 'Pat\u0000', email: 'pat@example.com' }, 'name', false],
      ['/notification/send', { admins: [], message: '<p>a\u0000b</p>' }, 'message', true],
      ['/website/privacyUpdate', { content: '<p>\u0000</p>' }, 'content', true],
    ];
    for (const [path, body, field, multiline] of cases) {
      for (const lang of ['en', 'zh-TW'] as const) {
        const res = path === '/login' ? await call(app, path, body, { lang }) : await api(path, body, lang);
        expect(res.status, `${path} ${lang}`).toBe(422);
        expect(res.body.data.errors, `${path} ${lang}`).toEqual({ [field]: [(multiline ? CONTROL_MULTILINE : CONTROL)[lang]] });
      }
    }
    const joined = await play(app, '/join', { pin, nickname: 'a\u0000b' }, { lang: 'en' });
    expect(joined.status).toBe(422);
    expect(joined.body.data.errors).toEqual({ nickname: [formatDomainMessage('en', 'nickname.controlCharacters')] });
  });

  it('refuses C0, DEL, C1 and unpaired surrogates, and takes any other text (emoji, CJK, combining marks)', async () => {
    for (const [text, message] of [
      ['a\u0007', CONTROL.en],
      ['a\u001b[31m', CONTROL.en],
      ['a\u007f', CONTROL.en],
      ['a\u0085b', CONTROL.en],
      ['a\u009f', CONTROL.en],
      ['a\tb', CONTROL.en],
      ['a\nb', CONTROL.en],
      ['a\ud800b', INVALID.en],
      ['\udc00', INVALID.en],
      ['👨‍👩‍👧\ud83d', INVALID.en],
    ] as const) {
      const res = await api('/triviaGame/list', { page: 1, limit: 10, title: text });
      expect(res.status, JSON.stringify(text)).toBe(422);
      expect(res.body.data.errors, JSON.stringify(text)).toEqual({ title: [message] });
    }
    for (const text of ['活動 🇹🇼 👨‍👩‍👧‍👦', 'Rene\u0301e', '\u00a0non-breaking\u2003space', '\u{1F600}']) {
      const res = await api('/triviaGame/list', { page: 1, limit: 10, title: text });
      expect(res.body.code, JSON.stringify(text)).toBe(200);
    }
    const zh = await api('/triviaGame/list', { page: 1, limit: 10, title: '\udfff' }, 'zh-TW');
    expect(zh.body.data.errors).toEqual({ title: [INVALID['zh-TW']] });
  });

  it('takes tab and line breaks in the multi-line fields only, and still refuses other controls there', async () => {
    const multiline = await api('/question/create', question({ question_text: 'Line one\nLine two\r\n\tindented' }));
    expect(multiline.body.code, JSON.stringify(multiline.body)).toBe(200);
    const detail = await api('/question/detail', { id: multiline.body.data.id });
    expect(detail.body.data.item.question_text).toBe('Line one\nLine two\r\n\tindented');

    const sent = await api('/notification/send', { admins: [], message: '<p>one</p>\n<p>\ttwo</p>' });
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
    const privacy = await api('/website/privacyUpdate', { content: '<h1>Privacy</h1>\r\n<p>We keep little.</p>' });
    expect(privacy.body.code, JSON.stringify(privacy.body)).toBe(200);

    // An option's text and the title are one line.
    const oneLine = await api('/question/create', question({ title: 'Two\nlines', options: options('Yushan', 'Xue\nshan'), question_text: 'ok\u000b' }), 'zh-TW');
    expect(oneLine.status).toBe(422);
    expect(oneLine.body.data.errors).toEqual({
      title: [CONTROL['zh-TW']],
      'options.1.text': [CONTROL['zh-TW']],
      question_text: [CONTROL_MULTILINE['zh-TW']],
    });
  });

  it('reports a missing field and a control character in another field together', async () => {
    const res = await api('/triviaGame/create', { title: 'Bad\u0000' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ type: ['This field is required'], title: [CONTROL.en] });
    const nested = await api('/question/create', { ...question({ options: [{ title: 'A', text: 'x\u0000' }, { title: 'B', text: 'y' }] }), trivia_game_id: undefined });
    expect(nested.status).toBe(422);
    expect(nested.body.data.errors).toMatchObject({ trivia_game_id: ['This field is required'], 'options.0.text': [CONTROL.en] });
  });

  it('leaves file names and paths and the nickname to their own rules and sentences', async () => {
    const listed = await api('/file/list', { directory: 'a\u0000b' });
    expect(listed.status).toBe(422);
    expect(listed.body.data.errors).toEqual({ directory: [formatDomainMessage('en', 'file.controlCharacters')] });
    const deleted = await api('/file/delete', { paths: ['ok.txt', 'x\ud800.txt'] });
    expect(deleted.status).toBe(422);
    expect(deleted.body.data.errors).toEqual({ 'paths.1': [formatDomainMessage('en', 'file.invalidCharacters')] });

    const surrogate = await play(app, '/join', { pin, nickname: 'Bob\ud800' }, { lang: 'zh-TW' });
    expect(surrogate.status).toBe(422);
    expect(surrogate.body.data.errors).toEqual({ nickname: [formatDomainMessage('zh-TW', 'nickname.invalidCharacters')] });
    const fine = await play(app, '/join', { pin, nickname: 'Bob 🙂' });
    expect(fine.body.code, JSON.stringify(fine.body)).toBe(200);
  });

  it('holds for an answer sent over the WebSocket too (the same validator of the contract)', () => {
    const validate = operationBodyValidator(loadPlaySpec(), 'answer');
    expect(validate({ question_id: 1, choices: ['A'] })).toBe(true);
    expect(validate({ question_id: 1, choices: ['A', 'B\u0000'] })).toBe(false);
    expect(fieldErrorsFromValidation(validate.errors ?? [], 'en')).toEqual({ 'choices.1': [CONTROL.en] });
  });
});
