/**
 * Every list of the admin contract answers a request with page and limit alone (as
 * docs/api-conventions.md states it): order and sort have defaults in the contract, and a client that
 * leaves them out gets the list's default order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { listOperations, loadAdminSpec } from '@/server/contract/spec';
import { createTestApp } from '../support/app';
import { call, login } from '../support/api';

describe('lists with page and limit alone', () => {
  let app: FastifyInstance;
  let token: string;
  let gameIds: number[];

  beforeAll(async () => {
    app = await createTestApp();
    token = await login(app);
    gameIds = [];
    for (const title of ['First', 'Second', 'Third']) gameIds.push((await call(app, '/triviaGame/create', { title, type: 1 }, { token })).body.data.id);
    for (const title of ['Q1', 'Q2']) {
      const created = await call(
        app,
        '/question/create',
        {
          trivia_game_id: gameIds[0],
          title,
          question_text: `${title}?`,
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
        { token },
      );
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    }
  });
  afterAll(() => app.close());

  it('asks nothing but page and limit of any list (the game list and the question list, as the list pages of the product send them, included)', () => {
    const spec = loadAdminSpec() as { paths: Record<string, any>; components: { schemas: Record<string, { required?: string[] }> } };
    const lists = listOperations(loadAdminSpec()).filter((op) => op.operationId.endsWith('List'));
    expect(lists.length).toBeGreaterThanOrEqual(8);
    const asking = lists.flatMap((op) => {
      const ref = (spec.paths[op.path].post.requestBody?.content['application/json']?.schema?.$ref ?? '') as string;
      const schema = spec.components.schemas[ref.split('/').pop() ?? ''];
      return (schema?.required ?? []).filter((field) => field === 'order' || field === 'sort').map((field) => `${op.operationId}.${field}`);
    });
    expect(asking).toEqual([]);
  });

  it('answers the game list newest first and the question list in question order', async () => {
    const games = await call(app, '/triviaGame/list', { page: 1, limit: 10 }, { token });
    expect(games.body.code).toBe(200);
    expect(games.body.data.list.map((game: { id: number }) => game.id).slice(0, 3)).toEqual([...gameIds].reverse());

    const questions = await call(app, '/question/list', { page: 1, limit: 10, trivia_game_id: gameIds[0] }, { token });
    expect(questions.body.code).toBe(200);
    expect(questions.body.data.list.map((question: { title: string }) => question.title)).toEqual(['Q1', 'Q2']);
  });

  it('refuses a page beyond its bound with a 422 under page, on every list (1e308 once made the offset Infinity: a 500)', async () => {
    for (const path of ['/triviaGame/list', '/notification/list', '/admin/list', '/role/list', '/company/list', '/audit/list']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin${path}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: '{"page": 1e308, "limit": 10}',
      });
      expect(res.statusCode, path).toBe(422);
      expect(res.json().data.errors, path).toEqual({ page: ['Must be at most 1000000'] });
    }
    const questions = await call(app, '/question/list', { page: 1000001, limit: 10, trivia_game_id: gameIds[0] }, { token });
    expect(questions.body.data.errors).toEqual({ page: ['Must be at most 1000000'] });
    const far = await call(app, '/triviaGame/list', { page: 1000000, limit: 100 }, { token });
    expect(far.body).toMatchObject({ code: 200, data: { list: [] } });
  });

  it('answers the notification, admin, role, company and audit lists', async () => {
    for (const path of ['/notification/list', '/admin/list', '/role/list', '/company/list', '/audit/list']) {
      const res = await call(app, path, { page: 1, limit: 10 }, { token });
      expect(res.body.code, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(Array.isArray(res.body.data.list), path).toBe(true);
    }
  });
});
