/**
 * Display pairing (issue 16): a venue computer opens /quiz with no code and no login, shows a short
 * code, the operator types it on the control screen, and the display follows the game until it is
 * unpaired, its game deleted or it has been idle for 30 days. Display tokens are server-side
 * sessions: an unpaired one answers 202 at its next call. Every response is checked against its
 * contract; time moves with a fake Date, never by sleeping.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { displaySessions } from '@/server/db/schema';
import type { RealtimeEvent } from '@/server/realtime/bus';
import { PAIRING_ALPHABET } from '@/server/features/live/displays/service';
import { DISPLAY_PAIRS_PER_MINUTE, PAIR_DISPLAY_PER_ADMIN_PER_MINUTE, PAIR_DISPLAY_PER_GAME_PER_MINUTE } from '@/server/features/live/throttle';
import { createTestApp } from '../support/app';
import { TestClock } from '../support/clock';
import { login } from '../support/api';
import { createAdmin, createCompany } from '../support/fixtures';
import { bench, expectPlaySchema, play } from './live-support';

let app: FastifyInstance;
let token: string;
let b: ReturnType<typeof bench>;
const events: RealtimeEvent[] = [];

beforeAll(async () => {
  app = await createTestApp();
  token = await login(app);
  b = bench(app, () => token);
  app.bus.subscribe((event) => events.push(event));
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60 * 1000;

/** Freezes the server's clock at `ms` (only Date: timers and the database keep running). */
function setNow(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

/** A display asking for a pairing code, as /quiz does when it has neither a code nor a session. */
async function newDisplay() {
  const res = await play(app, '/display/pair', {});
  expect(res.body.code).toBe(200);
  return res.body.data as { pairing_code: string; pairing_token: string; expires_in: number };
}

const pairStatus = async (pairingToken: string) => (await play(app, '/display/pairStatus', { pairing_token: pairingToken })).body.data;
const displayState = (displayToken: string, lang?: 'zh-TW' | 'en') => play(app, '/display/state', {}, { token: displayToken, lang });
const listDisplays = async (gameId: number) => (await b.admin('/triviaGame/displayList', { trivia_game_id: gameId })).body.data.list as Array<Record<string, unknown>>;

describe('pairing a display by the code it shows', () => {
  it('shows a 6-character unambiguous code; the operator types it in any case with spaces or a dash; the display then follows the game', async () => {
    const { id: gameId, pin } = await b.createGame({ title: 'Harbour night', type: 1 });
    await b.joinPlayer(pin, 'Ann');
    const display = await newDisplay();
    expect(display.pairing_code).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{6}$`));
    expect(display.pairing_code).not.toMatch(/[01OIL]/);
    expect(display.expires_in).toBe(600);
    expect(await pairStatus(display.pairing_token)).toEqual({ status: 'waiting' });
    // Not yet a display token: the game's state is refused.
    expect((await displayState(display.pairing_token)).body.code).toBe(202);

    const typed = `${display.pairing_code.slice(0, 3).toLowerCase()} - ${display.pairing_code.slice(3)}`;
    const paired = await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: typed, name: 'Main stage' }, { lang: 'zh-TW' });
    expect(paired.body).toMatchObject({ code: 200, message: '已配對遊戲畫面', data: { display: { name: 'Main stage', source: 'pairing', last_seen_at: null } } });
    const displayId = paired.body.data.display.id as number;

    expect(await pairStatus(display.pairing_token)).toEqual({ status: 'paired', display_token: display.pairing_token, game: { id: gameId, title: 'Harbour night' } });
    const state = await displayState(display.pairing_token);
    expect(state.body.data).toMatchObject({ game: { id: gameId, title: 'Harbour night', player_count: 1 }, finished: false });
    expect((await play(app, '/display/ticket', {}, { token: display.pairing_token })).body.data).toMatchObject({ topic: `game:${gameId}:public` });

    const [listed] = await listDisplays(gameId);
    expect(listed).toMatchObject({ id: displayId, name: 'Main stage', source: 'pairing', last_seen_at: expect.any(String) });
    // The code was spent: typing it again pairs nothing.
    expect((await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: display.pairing_code })).body.code).toBe(201);
  });

  it('refuses an unknown or expired code with a clear message in the request language, and the display asks for a new code', async () => {
    const { id: gameId } = await b.createGame({ title: 'Wrong codes', type: 1 });
    const zh = '找不到此配對碼，或已過期。請輸入遊戲畫面上目前顯示的 6 碼配對碼';
    const en = 'No display shows this code, or it has expired. Type the 6-character code the display shows now';
    expect((await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: 'ZZZZZZ' }, { lang: 'zh-TW' })).body).toEqual({ code: 201, message: zh, data: null });
    expect((await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: 'abc' }, { lang: 'en' })).body).toEqual({ code: 201, message: en, data: null });

    const display = await newDisplay();
    setNow(Date.now() + 10 * 60_000 + 1_000);
    expect((await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: display.pairing_code }, { lang: 'en' })).body).toEqual({ code: 201, message: en, data: null });
    expect(await pairStatus(display.pairing_token)).toEqual({ status: 'expired' });
    expect(await pairStatus('never-issued')).toEqual({ status: 'expired' });
    expect(await listDisplays(gameId)).toEqual([]);
  });

  it('refuses control characters in the name and the code (422)', async () => {
    const { id: gameId } = await b.createGame({ title: 'Control characters', type: 1 });
    const display = await newDisplay();
    const res = await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: display.pairing_code, name: 'Stage\u0007' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data.errors)).toEqual(['name']);
    expect(await pairStatus(display.pairing_token)).toEqual({ status: 'waiting' });
  });

  it('throttles asking for codes per address like the display code exchange (HTTP 429 after 30 a minute)', async () => {
    const ask = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/play/display/pair', payload: '{}', headers: { 'content-type': 'application/json', lang: 'en' }, remoteAddress });
    for (let i = 0; i < DISPLAY_PAIRS_PER_MINUTE; i++) expect((await ask('10.9.8.7')).statusCode).toBe(200);
    const refused = await ask('10.9.8.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, message: expect.stringMatching(/^Too many requests/) });
    expect((await ask('10.9.8.8')).statusCode, 'another address').toBe(200);
  });
});

describe('tenancy', () => {
  it("another company's operator cannot pair with, list or unpair our game's displays (404), and the code stays usable", async () => {
    const otherCompany = await createCompany(app, 'Display other company');
    await createAdmin(app, { username: 'dop2', password: 'Operator-password-2', roles: ['operator'], companyIds: [otherCompany] });
    const otherToken = await login(app, 'dop2', 'Operator-password-2');
    const theirs = bench(app, () => otherToken, String(otherCompany));
    const { id: gameId } = await b.createGame({ title: 'Ours', type: 1 });
    const display = await newDisplay();

    expect((await theirs.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: display.pairing_code })).status).toBe(404);
    expect((await theirs.admin('/triviaGame/displayList', { trivia_game_id: gameId })).status).toBe(404);
    expect(await pairStatus(display.pairing_token)).toEqual({ status: 'waiting' });

    const paired = await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: display.pairing_code });
    const displayId = paired.body.data.display.id as number;
    expect((await theirs.admin('/triviaGame/unpairDisplay', { trivia_game_id: gameId, display_id: displayId })).status).toBe(404);
    // Their own game cannot reach our display either.
    const { id: theirGame } = await theirs.createGame({ title: 'Theirs', type: 1 });
    expect((await theirs.admin('/triviaGame/unpairDisplay', { trivia_game_id: theirGame, display_id: displayId })).status).toBe(404);
    expect((await displayState(display.pairing_token)).body.code).toBe(200);
  });
});

describe('unpairing, several displays, and how long a session lasts', () => {
  it('two displays follow one game; unpairing one announces it, its token answers 202 at once, the other keeps going', async () => {
    const { id: gameId } = await b.createGame({ title: 'Two screens', type: 1 });
    const left = await newDisplay();
    const right = await newDisplay();
    expect(left.pairing_code).not.toBe(right.pairing_code);
    const leftId = (await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: left.pairing_code, name: 'Left' })).body.data.display.id;
    await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: right.pairing_code, name: 'Right' });
    expect((await listDisplays(gameId)).map((d) => d.name)).toEqual(['Left', 'Right']);

    events.length = 0;
    const unpaired = await b.admin('/triviaGame/unpairDisplay', { trivia_game_id: gameId, display_id: leftId }, { lang: 'en' });
    expect(unpaired.body).toEqual({ code: 200, message: 'The display is unpaired', data: {} });
    const event = events.find((e) => e.type === 'display.unpaired');
    expect(event).toMatchObject({ topic: `game:${gameId}:public`, data: { display_id: leftId } });
    expectPlaySchema('EventDisplayUnpaired', event!.data);

    const refused = await displayState(left.pairing_token, 'en');
    expect(refused.body).toEqual({ code: 202, message: 'This display was unpaired or has expired; pair it again', data: null });
    expect((await displayState(left.pairing_token, 'zh-TW')).body.message).toBe('此遊戲畫面已取消配對或已過期，請重新配對');
    expect((await play(app, '/display/ticket', {}, { token: left.pairing_token })).body.code).toBe(202);
    expect(await pairStatus(left.pairing_token), 'the display asks for a new code').toEqual({ status: 'expired' });
    expect((await displayState(right.pairing_token)).body.code).toBe(200);
    expect((await listDisplays(gameId)).map((d) => d.name)).toEqual(['Right']);
    expect((await b.admin('/triviaGame/unpairDisplay', { trivia_game_id: gameId, display_id: leftId })).status, 'already unpaired').toBe(404);
  });

  it("the control screen's single-use code still opens a display, now a session listed as `code` that can be unpaired", async () => {
    const { id: gameId } = await b.createGame({ title: 'Button display', type: 1 });
    const code = (await b.admin('/triviaGame/displayCode', { trivia_game_id: gameId })).body.data.code;
    const exchanged = await play(app, '/display/exchange', { code });
    expect(exchanged.body.data).toMatchObject({ expires_in: 30 * 24 * 3600, game: { id: gameId } });
    const displayToken = exchanged.body.data.display_token as string;
    expect((await displayState(displayToken)).body.code).toBe(200);
    const [listed] = await listDisplays(gameId);
    expect(listed).toMatchObject({ name: '', source: 'code', paired_at: expect.any(String) });
    await b.admin('/triviaGame/unpairDisplay', { trivia_game_id: gameId, display_id: listed!.id });
    expect((await displayState(displayToken)).body.code).toBe(202);
  });

  it('lasts while used: 30 idle days end it, each use (at most one write a minute) extends it', async () => {
    const { id: gameId } = await b.createGame({ title: 'Long run', type: 1 });
    const used = await newDisplay();
    const idle = await newDisplay();
    await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: used.pairing_code, name: 'Used' });
    await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: idle.pairing_code, name: 'Idle' });
    const start = Date.now();
    const lastSeen = async (name: string) => (await app.db.select().from(displaySessions).where(eq(displaySessions.name, name)))[0]!.lastSeenAt?.getTime();
    setNow(start + 20 * DAY);
    expect((await displayState(used.pairing_token)).body.code).toBe(200);
    expect(await lastSeen('Used')).toBe(start + 20 * DAY);
    setNow(start + 20 * DAY + 30_000);
    await displayState(used.pairing_token);
    expect(await lastSeen('Used'), 'not written again within the minute').toBe(start + 20 * DAY);

    setNow(start + 45 * DAY);
    expect((await displayState(used.pairing_token)).body.code, 'used 25 days ago').toBe(200);
    expect((await displayState(idle.pairing_token)).body.code, 'idle for 45 days').toBe(202);
    // The operator's own session is as old as the fake clock: a fresh login lists the displays.
    const operator = bench(app, await login(app).then((fresh) => () => fresh));
    expect((await operator.admin('/triviaGame/displayList', { trivia_game_id: gameId })).body.data.list.map((d: { name: string }) => d.name)).toEqual(['Used']);
    setNow(start + 76 * DAY);
    expect((await displayState(used.pairing_token)).body.code, 'idle for 31 days').toBe(202);
  });

  it('ends with its game: a deleted game leaves its displays with a 202', async () => {
    const { id: gameId } = await b.createGame({ title: 'Deleted soon', type: 1 });
    const display = await newDisplay();
    await b.admin('/triviaGame/pairDisplay', { trivia_game_id: gameId, code: display.pairing_code });
    expect((await b.admin('/triviaGame/delete', { id: gameId })).body.code).toBe(200);
    expect((await displayState(display.pairing_token)).body.code).toBe(202);
    expect(await pairStatus(display.pairing_token)).toEqual({ status: 'expired' });
  });
});

describe('throttling the codes an operator types (a signed-in account guessed 300 codes in 1.2 s)', () => {
  // An app of its own whose clock the test moves: the throttle's minute passes without waiting.
  const clock = new TestClock();
  let own: FastifyInstance;
  const TOO_MANY_EN = /^Too many requests; please try again in \d+ s$/;
  const TOO_MANY_ZH = /^請求過於頻繁，請 \d+ 秒後再試$/;
  beforeAll(async () => {
    own = await createTestApp({ clock });
    for (const username of ['pia', 'pete', 'paz']) await createAdmin(own, { username, password: 'Operator-password-1', roles: ['operator'] });
  });
  afterAll(() => own?.close());

  const operator = async (username: string) => bench(own, await login(own, username, 'Operator-password-1').then((t) => () => t));
  const displayOf = async () => (await play(own, '/display/pair', {})).body.data as { pairing_code: string; pairing_token: string };
  const pairStatus2 = async (pairingToken: string) => (await play(own, '/display/pairStatus', { pairing_token: pairingToken })).body.data;
  /** A code no display shows (the real one with its letters turned round). */
  const wrongCode = (real: string, i: number) => `${real.slice(1)}${PAIRING_ALPHABET[i % PAIRING_ALPHABET.length]}`;

  it(`refuses an admin's guesses beyond ${PAIR_DISPLAY_PER_ADMIN_PER_MINUTE} a minute, and a game's beyond ${PAIR_DISPLAY_PER_GAME_PER_MINUTE} whoever types; a right code passes once the minute is over`, async () => {
    const [pia, pete, paz] = [await operator('pia'), await operator('pete'), await operator('paz')];
    const { id: stage } = await pia.createGame({ title: 'Stage', type: 1 });
    const { id: lobby } = await pia.createGame({ title: 'Lobby', type: 1 });
    const display = await displayOf();

    // A legitimate operator mistypes a few times, then pairs: never in the way.
    for (let i = 0; i < 3; i++) expect((await pete.admin('/triviaGame/pairDisplay', { trivia_game_id: lobby, code: wrongCode(display.pairing_code, i) })).body.code).toBe(201);
    const lobbyDisplay = await displayOf();
    expect((await pete.admin('/triviaGame/pairDisplay', { trivia_game_id: lobby, code: lobbyDisplay.pairing_code })).body.code).toBe(200);

    // A burst of guesses from one account, all at once: only the minute's allowance is even looked up.
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => pia.admin('/triviaGame/pairDisplay', { trivia_game_id: stage, code: wrongCode(display.pairing_code, i) }, { lang: i % 2 ? 'en' : 'zh-TW' })),
    );
    const answered = burst.filter((res) => res.status === 200);
    const refused = burst.filter((res) => res.status === 429);
    expect(answered.map((res) => res.body.code)).toEqual(Array(PAIR_DISPLAY_PER_ADMIN_PER_MINUTE).fill(201));
    expect(refused).toHaveLength(60 - PAIR_DISPLAY_PER_ADMIN_PER_MINUTE);
    for (const res of refused) {
      expect(res.body).toMatchObject({ code: 429, data: null });
      expect(res.body.message).toMatch(res.body.message.startsWith('Too') ? TOO_MANY_EN : TOO_MANY_ZH);
    }
    expect(refused.some((res) => res.body.message.startsWith('請求過於頻繁')), 'refused in Chinese too').toBe(true);
    // The bound is the admin's: another game refuses her too, even the right code, and says how long to wait.
    const onLobby = await pia.admin('/triviaGame/pairDisplay', { trivia_game_id: lobby, code: display.pairing_code }, { lang: 'en' });
    expect(onLobby.status).toBe(429);
    expect(onLobby.body.message).toBe('Too many requests; please try again in 60 s');
    expect(await pairStatus2(display.pairing_token)).toEqual({ status: 'waiting' });

    // The game's bound: another admin adds the game's remaining allowance, then a third admin, who has
    // typed nothing this minute, is refused on that game but not on another.
    const left = PAIR_DISPLAY_PER_GAME_PER_MINUTE - PAIR_DISPLAY_PER_ADMIN_PER_MINUTE;
    for (let i = 0; i < left; i++) expect((await pete.admin('/triviaGame/pairDisplay', { trivia_game_id: stage, code: wrongCode(display.pairing_code, i) })).body.code).toBe(201);
    const pazOnStage = await paz.admin('/triviaGame/pairDisplay', { trivia_game_id: stage, code: display.pairing_code }, { lang: 'zh-TW' });
    expect(pazOnStage.status).toBe(429);
    expect(pazOnStage.body).toMatchObject({ code: 429, message: expect.stringMatching(TOO_MANY_ZH), data: null });
    expect(Number(pazOnStage.headers['retry-after'])).toBeGreaterThan(0);
    expect((await paz.admin('/triviaGame/pairDisplay', { trivia_game_id: lobby, code: wrongCode(display.pairing_code, 0) })).body.code, 'paz on another game').toBe(201);

    // A minute later the right code pairs the display at once.
    await clock.advance(60_000);
    const paired = await pia.admin('/triviaGame/pairDisplay', { trivia_game_id: stage, code: display.pairing_code, name: 'Main stage' }, { lang: 'en' });
    expect(paired.body).toMatchObject({ code: 200, message: 'The display is paired', data: { display: { name: 'Main stage' } } });
    expect(await pairStatus2(display.pairing_token)).toMatchObject({ status: 'paired', game: { id: stage } });
  });
});
