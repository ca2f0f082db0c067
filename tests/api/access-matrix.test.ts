/**
 * The access matrix over every operation of the admin contract, generated from it (x-permission,
 * x-company-scoped), not hand-listed, so an operation added to openapi/admin-api.yaml is checked the
 * day it appears:
 * - no token, or a token that is no token → code 202;
 * - an admin without the operation's permission → 403;
 * - an admin of another company naming this company in Cid → 403 (public operations excepted);
 * - the same admin, in its own company, naming this company's objects by id → never a success;
 * - a permitted admin → not 403 (a super admin, and a non-super admin holding every permission in
 *   its own company).
 * A company-scoped operation whose body names an object by an id field this file cannot map to an
 * object of company 1 fails the test: say here which object that field means.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { listOperations, loadAdminSpec, type OperationInfo } from '@/server/contract/spec';
import { flattenPermissions } from '@/server/db/seed-data';
import { notifications, players } from '@/server/db/schema';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin, createCompany, createRole } from '../support/fixtures';
import { sampleFromSchema } from '../support/sample';

type Schema = Record<string, any>;
const spec = loadAdminSpec() as Schema;
const operations = listOperations();

function requestSchema(op: OperationInfo): { kind: 'json' | 'multipart'; schema: Schema | undefined } {
  const content = spec.paths[op.path].post.requestBody?.content ?? {};
  if (content['multipart/form-data']) return { kind: 'multipart', schema: content['multipart/form-data'].schema };
  return { kind: 'json', schema: content['application/json']?.schema };
}

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(spec.components.schemas[String(schema.$ref).split('/').pop()!]);
}

/** The smallest body the contract accepts (multipart operations get none: access is decided before the body is read). */
function sampleBody(op: OperationInfo): Record<string, unknown> {
  const { kind, schema } = requestSchema(op);
  if (kind === 'multipart' || !schema) return {};
  return sampleFromSchema(schema, spec) as Record<string, unknown>;
}

/** Integer fields of a request that name an object (`id`, `trivia_game_id`, `question_id`, ...). */
function idFields(op: OperationInfo): string[] {
  const schema = resolve(requestSchema(op).schema);
  return Object.keys(schema?.properties ?? {}).filter((name) => name === 'id' || (name.endsWith('_id') && name !== 'company_id'));
}

interface Objects {
  gameId: number;
  levelId: number;
  questionId: number;
  notificationId: number;
  memberId: number;
  displayId: number;
  playerId: number;
}

/**
 * Which object of company 1 an id field of a company-scoped operation names. `null`: the field is
 * a filter, not an object to reach (the audit trail's admin filter only narrows the caller's own
 * company's entries).
 */
function objectFor(op: OperationInfo, field: string, objects: Objects): number | number[] | null | undefined {
  const table: Record<string, Record<string, number | number[] | null>> = {
    triviaGame: { id: objects.gameId, trivia_game_id: objects.gameId, question_id: objects.questionId, display_id: objects.displayId, player_id: objects.playerId },
    question: { id: objects.questionId, trivia_game_id: objects.gameId, level_id: objects.levelId },
    notification: { id: op.operationId === 'notificationRead' ? [objects.notificationId] : objects.notificationId },
    admin: { id: objects.memberId },
    audit: { admin_id: null },
  };
  // A control screen's id is a string the screen made up, not an object of a company: the game's id decides.
  if (field === 'screen_id') return null;
  const area = Object.keys(table).find((name) => op.operationId.startsWith(name));
  return area === undefined ? undefined : table[area]![field];
}

/** Operations that answer success for a foreign id because they act on the caller's own rows only: what to check instead. */
const OWN_ROWS_ONLY: Record<string, (app: FastifyInstance, objects: Objects) => Promise<void>> = {
  async notificationRead(app, objects) {
    const [row] = await app.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, objects.notificationId));
    expect(row?.readAt, 'a foreign notification stays unread').toBeNull();
  },
};

async function inject(app: FastifyInstance, op: OperationInfo, body: unknown, headers: Record<string, string>) {
  const multipart = requestSchema(op).kind === 'multipart';
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin${op.path}`,
    headers: multipart
      ? { ...headers, 'content-type': 'multipart/form-data; boundary=x' }
      : { ...headers, 'content-type': 'application/json' },
    payload: multipart ? '--x--\r\n' : JSON.stringify(body),
  });
  let json: { code?: number };
  try {
    json = res.json();
  } catch {
    // a download answered a file: a success
    json = { code: 200 };
  }
  return { status: res.statusCode, code: json.code, text: res.body.slice(0, 200) };
}

describe('access matrix over every operation of the contract', () => {
  let app: FastifyInstance;
  let nobody: string; // logged in, holds no permission, company 1
  let outsider: string; // holds every (non-super) permission, company 2 only
  let objects: Objects;

  beforeAll(async () => {
    app = await createTestApp();
    const admin = await login(app);
    const otherCompany = await createCompany(app, 'Other agency');
    const everything = flattenPermissions().map((p) => p.identifier);
    await createRole(app, 'nothing', []);
    await createRole(app, 'everything', everything);
    await createAdmin(app, { username: 'nobody', password: 'Nobody-pass-1', roles: ['nothing'], companyIds: [1] });
    await createAdmin(app, { username: 'outsider', password: 'Outsider-pass-1', roles: ['everything'], companyIds: [otherCompany] });
    const memberId = await createAdmin(app, { username: 'member', password: 'Member-pass-1', roles: ['viewer'], companyIds: [1] });
    nobody = await login(app, 'nobody', 'Nobody-pass-1');
    outsider = await login(app, 'outsider', 'Outsider-pass-1');

    const game = await call(app, '/triviaGame/create', { title: 'Company one game', type: 1 }, { token: admin });
    const gameId = game.body.data.id as number;
    const levelGame = await call(app, '/triviaGame/create', { title: 'Company one levels', type: 2 }, { token: admin });
    const [level] = (await call(app, '/triviaGame/allLevel', { trivia_game_id: levelGame.body.data.id }, { token: admin })).body.data.list;
    const question = await call(
      app,
      '/question/create',
      {
        trivia_game_id: gameId,
        title: 'Q1',
        question_text: 'Which?',
        question_img: '',
        pre_video_url: '',
        level_id: 0,
        have_answering_time: 1,
        answering_time: 10,
        score: 0,
        question_type: 1,
        is_bonus: 0,
        options: [
          { title: 'A', text: 'Yes', img: '' },
          { title: 'B', text: 'No', img: '' },
        ],
        answer: ['A'],
      },
      { token: admin },
    );
    expect(question.body.code, JSON.stringify(question.body)).toBe(200);
    await call(app, '/notification/send', { admins: [1], message: '<p>For company one</p>' }, { token: admin });
    const inbox = await call(app, '/notification/list', { page: 1, limit: 10, order: 'desc' }, { token: admin });
    // A venue display following the game, paired by the code it shows.
    const pending = await app.inject({ method: 'POST', url: '/api/play/display/pair', headers: { 'content-type': 'application/json' }, payload: '{}' });
    const paired = await call(app, '/triviaGame/pairDisplay', { trivia_game_id: gameId, code: pending.json().data.pairing_code }, { token: admin });
    expect(paired.body.code, JSON.stringify(paired.body)).toBe(200);
    const displayId = paired.body.data.display.id as number;
    // A player of the game (what disqualify and requalify name).
    const { pin } = (await call(app, '/triviaGame/detail', { id: gameId }, { token: admin })).body.data.item;
    const joined = await app.inject({ method: 'POST', url: '/api/play/join', headers: { 'content-type': 'application/json' }, payload: { pin, nickname: 'Matrix player' } });
    expect(joined.json().code, joined.body).toBe(200);
    const [player] = await app.db.select({ id: players.id }).from(players).where(eq(players.triviaGameId, gameId));
    objects = { gameId, levelId: level.id, questionId: question.body.data.id, notificationId: inbox.body.data.list[0].id, memberId, displayId, playerId: player!.id };
  });
  afterAll(() => app.close());

  it('covers every operation of the contract', () => {
    expect(operations.length).toBeGreaterThan(60);
    const unmapped = operations
      .filter((op) => op.companyScoped)
      .flatMap((op) => idFields(op).filter((field) => objectFor(op, field, objects) === undefined).map((field) => `${op.operationId}.${field}`));
    expect(unmapped, 'id fields of company-scoped operations that name an object this test cannot reach: map them in objectFor').toEqual([]);
  });

  it('answers 202 without a token, or with one that is no token', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.permission !== 'public')) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Array<Record<string, string>>) {
        const res = await inject(app, op, sampleBody(op), headers);
        if (res.status !== 200 || res.code !== 202) failures.push(`${op.operationId} ${JSON.stringify(headers)}: HTTP ${res.status} code ${res.code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to an admin without the permission', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.permission !== 'public' && o.permission !== 'login')) {
      const res = await inject(app, op, sampleBody(op), { authorization: `Bearer ${nobody}`, cid: '1' });
      if (res.status !== 403 || res.code !== 403) failures.push(`${op.operationId}: HTTP ${res.status} ${res.text}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to an admin of another company naming this company in Cid', async () => {
    const failures: string[] = [];
    // Public operations (the privacy page) are open to anyone, for any company.
    for (const op of operations.filter((o) => o.companyScoped && o.permission !== 'public')) {
      const res = await inject(app, op, sampleBody(op), { authorization: `Bearer ${outsider}`, cid: '1' });
      if (res.status !== 403) failures.push(`${op.operationId}: HTTP ${res.status} ${res.text}`);
    }
    expect(failures).toEqual([]);
  });

  it("never lets an admin of another company reach this company's objects by id", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations.filter((o) => o.companyScoped)) {
      const fields = idFields(op).filter((field) => objectFor(op, field, objects) !== null);
      if (!fields.length) continue;
      const body = sampleBody(op);
      for (const field of fields) body[field] = objectFor(op, field, objects);
      const res = await inject(app, op, body, { authorization: `Bearer ${outsider}`, cid: '2' });
      checked++;
      if (res.status === 200 && res.code === 200) {
        const check = OWN_ROWS_ONLY[op.operationId];
        if (check) await check(app, objects);
        else failures.push(`${op.operationId} ${fields.join(',')}: succeeded on company 1's object: ${res.text}`);
      } else if (res.status === 403 || res.status === 501) {
        // 403 here would mean the outsider lacks the permission in its own company: the check proved nothing.
        failures.push(`${op.operationId}: HTTP ${res.status}, expected a refusal of the object itself (404, 422 or 201)`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });

  it('does not answer 403 to a permitted admin: a super admin, and a non-super admin in its own company', async () => {
    const failures: string[] = [];
    // Operations that end the caller's session go last, each with a fresh login.
    const ordered = [...operations].sort((a, b) => Number(a.operationId === 'logout') - Number(b.operationId === 'logout'));
    for (const op of ordered) {
      const superToken = await login(app);
      const asSuper = await inject(app, op, sampleBody(op), { authorization: `Bearer ${superToken}`, cid: '1' });
      if (asSuper.status === 403) failures.push(`${op.operationId} (super admin): 403 ${asSuper.text}`);
      const outsiderToken = await login(app, 'outsider', 'Outsider-pass-1');
      const asOutsider = await inject(app, op, sampleBody(op), { authorization: `Bearer ${outsiderToken}`, cid: '2' });
      if (asOutsider.status === 403) failures.push(`${op.operationId} (company 2 admin with every permission): 403 ${asOutsider.text}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
