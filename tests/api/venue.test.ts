/**
 * The join address shown to the audience (issue 16): a company's public URL and time zone (stored
 * normalised, refused with a 422 in the request's language, an update changing only what it sends),
 * `join_url` in the game's list and detail and on the display by precedence company > PUBLIC_URL >
 * none, and POST /triviaGame/venue (source, LAN addresses, another company's game not found); a
 * time zone by its current IANA name (Asia/Kolkata, Europe/Kyiv), a retired one sent or stored read so.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parsePublicUrl } from '@/server/config';
import { companies } from '@/server/db/schema';
import { lanUrls } from '@/server/features/venue/lan';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { play } from './live-support';

type CompanyRow = { id: number; name: string; public_url: string | null; time_zone: string };

/** An app with PUBLIC_URL set, its admin token, and a second company with a game of its own. */
let app: FastifyInstance;
let admin: string;
let acme: number;
let gameId: number;
let pin: string;
let acmeGame: number;

const companyOf = async (token: string, id: number): Promise<CompanyRow> => {
  const res = await call(app, '/company/list', { page: 1, limit: 100 }, { token });
  return (res.body.data.list as CompanyRow[]).find((c) => c.id === id)!;
};
const venue = (token: string, id: number, cid = '1') => call(app, '/triviaGame/venue', { trivia_game_id: id }, { token, cid });
const detailJoinUrl = async (id: number, cid = '1') => (await call(app, '/triviaGame/detail', { id }, { token: admin, cid })).body.data.item.join_url;
const listJoinUrls = async (cid = '1') =>
  ((await call(app, '/triviaGame/list', { page: 1, limit: 100, order: 'asc', sort: 'id' }, { token: admin, cid })).body.data.list as Array<{ id: number; join_url: string | null }>).map(
    (g) => [g.id, g.join_url],
  );

beforeAll(async () => {
  app = await createTestApp({ publicUrl: 'https://env.example.com' });
  admin = await login(app);
  acme = await createCompany(app, 'Acme Events');
  const created = await call(app, '/triviaGame/create', { title: 'Venue game', type: 1 }, { token: admin });
  gameId = created.body.data.id;
  pin = (await call(app, '/triviaGame/detail', { id: gameId }, { token: admin })).body.data.item.pin;
  acmeGame = (await call(app, '/triviaGame/create', { title: 'Acme game', type: 1 }, { token: admin, cid: String(acme) })).body.data.id;
});
afterAll(() => app.close());

describe("a company's public URL and time zone", () => {
  it('are stored as sent on create (public URL without its trailing slash, host in lower case) and listed', async () => {
    const res = await call(app, '/company/create', { name: 'Harbour', public_url: ' HTTPS://Quiz.Harbour.example/live/ ', time_zone: 'Europe/Paris' }, { token: admin });
    expect(res.body.code).toBe(200);
    expect(await companyOf(admin, res.body.data.id)).toMatchObject({ public_url: 'https://quiz.harbour.example/live', time_zone: 'Europe/Paris' });
    // Without them: no public URL, Asia/Taipei.
    expect(await companyOf(admin, acme)).toMatchObject({ public_url: null, time_zone: 'Asia/Taipei' });
  });

  it('change only when sent: a rename keeps them, a public URL alone keeps the name, null or empty clears it', async () => {
    expect((await call(app, '/company/update', { id: acme, public_url: 'http://10.0.0.5:8080/', time_zone: 'UTC' }, { token: admin })).body.code).toBe(200);
    expect(await companyOf(admin, acme)).toMatchObject({ name: 'Acme Events', public_url: 'http://10.0.0.5:8080', time_zone: 'UTC' });
    expect((await call(app, '/company/update', { id: acme, name: 'Acme Live' }, { token: admin })).body.code).toBe(200);
    expect(await companyOf(admin, acme)).toMatchObject({ name: 'Acme Live', public_url: 'http://10.0.0.5:8080', time_zone: 'UTC' });
    await call(app, '/company/update', { id: acme, public_url: '' }, { token: admin });
    expect((await companyOf(admin, acme)).public_url).toBeNull();
    await call(app, '/company/update', { id: acme, public_url: 'https://acme.example', time_zone: 'Asia/Taipei' }, { token: admin });
    await call(app, '/company/update', { id: acme, public_url: null }, { token: admin });
    expect(await companyOf(admin, acme)).toMatchObject({ public_url: null, time_zone: 'Asia/Taipei' });
  });

  it('refuses a public URL that is not an http(s) base address, under public_url, in both languages', async () => {
    for (const bad of ['quiz.example.com', 'ftp://quiz.example.com', 'javascript:alert(1)', 'https://', 'https://a b.example', 'https://user:pw@quiz.example', 'https://quiz.example/?x=1', 'https://quiz.example/#top']) {
      const res = await call(app, '/company/update', { id: acme, public_url: bad }, { token: admin });
      expect(res.status, bad).toBe(422);
      expect(res.body.data.errors, bad).toEqual({ public_url: ['Enter an address starting with http:// or https:// (no credentials, ? or #), or leave it empty for the server default'] });
    }
    const zh = await call(app, '/company/create', { name: 'Bad URL Ltd', public_url: 'www.example.com' }, { token: admin, lang: 'zh-TW' });
    expect(zh.status).toBe(422);
    expect(zh.body.data.errors).toEqual({ public_url: ['請輸入以 http:// 或 https:// 開頭的網址（不含帳號密碼、? 或 #），或留空使用伺服器預設值'] });
    const long = await call(app, '/company/update', { id: acme, public_url: `https://${'a'.repeat(250)}.example` }, { token: admin });
    expect(long.body.data.errors).toEqual({ public_url: ['Must be at most 255 characters'] });
    const control = await call(app, '/company/update', { id: acme, public_url: 'https://quiz.example/\u0007' }, { token: admin });
    expect(Object.keys(control.body.data.errors)).toEqual(['public_url']);
    expect((await companyOf(admin, acme)).public_url).toBeNull();
    expect((await call(app, '/company/list', { page: 1, limit: 100, keyword: 'Bad URL' }, { token: admin })).body.data.total).toBe(0);
  });

  it('refuses a time zone the server does not know, under time_zone, in both languages, with the other fields at once', async () => {
    for (const [lang, message] of [
      ['en', 'Please choose a valid time zone (such as Asia/Taipei)'],
      ['zh-TW', '請選擇有效的時區（例如 Asia/Taipei）'],
    ] as const) {
      const res = await call(app, '/company/update', { id: acme, time_zone: 'Mars/Olympus' }, { token: admin, lang });
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({ time_zone: [message] });
    }
    const both = await call(app, '/company/create', { name: ' ', public_url: 'nope', time_zone: 'asia/taipei' }, { token: admin });
    expect(Object.keys(both.body.data.errors).sort()).toEqual(['name', 'public_url', 'time_zone']);
    expect((await companyOf(admin, acme)).time_zone).toBe('Asia/Taipei');
  });
});

describe('time zones by their current IANA names (issue 33)', () => {
  it('a retired spelling sent is stored as the current name; one stored before is listed as the current name', async () => {
    const harbour = await createCompany(app, 'Time Zone Harbour');
    const res = await call(app, '/company/update', { id: harbour, time_zone: 'Asia/Calcutta' }, { token: admin });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const [stored] = await app.db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, harbour));
    expect(stored!.timeZone).toBe('Asia/Kolkata');
    expect((await companyOf(admin, harbour)).time_zone).toBe('Asia/Kolkata');
    // A company saved with the old name before this change keeps its row and reads as Kyiv.
    await app.db.update(companies).set({ timeZone: 'Europe/Kiev' }).where(eq(companies.id, harbour));
    expect((await companyOf(admin, harbour)).time_zone).toBe('Europe/Kyiv');
    const [kept] = await app.db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, harbour));
    expect(kept!.timeZone).toBe('Europe/Kiev');
    expect((await call(app, '/company/update', { id: harbour, time_zone: 'Europe/Kyiv' }, { token: admin })).body.code).toBe(200);
  });
});

describe('the join address', () => {
  it('comes from PUBLIC_URL when the company sets none, in the detail, the list and the display', async () => {
    const expected = `https://env.example.com/play?pin=${pin}`;
    expect(await detailJoinUrl(gameId)).toBe(expected);
    expect(await listJoinUrls()).toContainEqual([gameId, expected]);
    const venueRes = await venue(admin, gameId);
    expect(venueRes.body.data).toMatchObject({ join_url: expected, public_url_source: 'environment' });

    const code = (await call(app, '/triviaGame/displayCode', { trivia_game_id: gameId }, { token: admin })).body.data.code;
    const display = (await play(app, '/display/exchange', { code })).body.data.display_token;
    expect((await play(app, '/display/state', {}, { token: display })).body.data.join_url).toBe(expected);
  });

  it("comes from the company's public URL first, for its games only", async () => {
    await call(app, '/company/update', { id: 1, public_url: 'https://quiz.agency.example/' }, { token: admin });
    const expected = `https://quiz.agency.example/play?pin=${pin}`;
    expect(await detailJoinUrl(gameId)).toBe(expected);
    expect(await listJoinUrls()).toContainEqual([gameId, expected]);
    expect((await venue(admin, gameId)).body.data).toMatchObject({ join_url: expected, public_url_source: 'company' });
    // Acme sets none: PUBLIC_URL.
    const acmePin = (await call(app, '/triviaGame/detail', { id: acmeGame }, { token: admin, cid: String(acme) })).body.data.item.pin;
    expect(await detailJoinUrl(acmeGame, String(acme))).toBe(`https://env.example.com/play?pin=${acmePin}`);
    await call(app, '/company/update', { id: 1, public_url: null }, { token: admin });
    expect(await detailJoinUrl(gameId)).toBe(`https://env.example.com/play?pin=${pin}`);
  });

  it('is null with neither, and the venue says so', async () => {
    const bare = await createTestApp();
    try {
      const token = await login(bare);
      const id = (await call(bare, '/triviaGame/create', { title: 'No URL', type: 1 }, { token })).body.data.id;
      expect((await call(bare, '/triviaGame/detail', { id }, { token })).body.data.item.join_url).toBeNull();
      const res = await call(bare, '/triviaGame/venue', { trivia_game_id: id }, { token });
      expect(res.body.data).toMatchObject({ join_url: null, public_url_source: 'none' });
      const code = (await call(bare, '/triviaGame/displayCode', { trivia_game_id: id }, { token })).body.data.code;
      const display = (await play(bare, '/display/exchange', { code })).body.data.display_token;
      expect((await play(bare, '/display/state', {}, { token: display })).body.data.join_url).toBeNull();
    } finally {
      await bare.close();
    }
  });
});

describe('POST /triviaGame/venue', () => {
  it("lists the machine's LAN addresses on the port the server listens on", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const { lan_urls } = (await venue(admin, gameId)).body.data as { lan_urls: string[] };
    const expected = Object.values(os.networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => `http://${a!.address}:${port}`);
    expect(lan_urls).toEqual([...new Set(expected)]);
    for (const url of lan_urls) expect(url).toMatch(new RegExp(`^http://\\d{1,3}(\\.\\d{1,3}){3}:${port}$`));
    expect(lan_urls).not.toContain(`http://127.0.0.1:${port}`);
  });

  it('keeps IPv4 addresses that are not internal, once each', () => {
    const iface = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({ address, family, internal, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;
    expect(
      lanUrls(8080, {
        lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
        eth0: [iface('192.168.1.20', 'IPv4', false), iface('fe80::1', 'IPv6', false)],
        wlan0: [iface('10.0.0.7', 'IPv4', false), iface('192.168.1.20', 'IPv4', false)],
      }),
    ).toEqual(['http://192.168.1.20:8080', 'http://10.0.0.7:8080']);
  });

  it("answers 404 for another company's game or an unknown one, and needs triviaGame.control", async () => {
    await createRole(app, 'venue-acme', ['triviaGame.list', 'triviaGame.control']);
    await createAdmin(app, { username: 'acme-operator', password: 'Acme-pass-1', roles: ['venue-acme'], companyIds: [acme] });
    const operator = await login(app, 'acme-operator', 'Acme-pass-1');
    expect((await venue(operator, acmeGame, String(acme))).status).toBe(200);
    expect((await venue(operator, gameId, String(acme))).status).toBe(404);
    expect((await venue(admin, 999_999)).status).toBe(404);
    await createAdmin(app, { username: 'acme-viewer', password: 'Viewer-pass-1', roles: ['viewer'], companyIds: [acme] });
    const viewer = await login(app, 'acme-viewer', 'Viewer-pass-1');
    expect((await venue(viewer, acmeGame, String(acme))).status).toBe(403);
  });
});

describe('PUBLIC_URL', () => {
  it('is stored without its trailing slash, unset is none, and anything else stops the server with a clear message', () => {
    expect(parsePublicUrl('https://quiz.example.com/')).toBe('https://quiz.example.com');
    expect(parsePublicUrl(undefined)).toBeNull();
    expect(parsePublicUrl('')).toBeNull();
    expect(() => parsePublicUrl('quiz.example.com')).toThrow(/PUBLIC_URL="quiz.example.com" is not a usable public address: give the http:\/\/ or https:\/\//);
  });

  it('stops `npm start` with that message and no stack trace', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: 'ftp://quiz.example.com', DATA_DIR: os.tmpdir(), STATIC_DIR: '' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PUBLIC_URL="ftp://quiz.example.com" is not a usable public address');
    expect(output).not.toMatch(/\bat .*\.ts:\d+/);
  }, 60_000);
});
