/**
 * An admin's screen reads its info, then connects its socket (the shell paints first): a change of
 * the admin's access announced in between reaches no socket of it. So a socket that connects within
 * ACCESS_CHANGE_REPLAY_MS of such a change hears it at once (src/server/realtime/recent-events.ts),
 * and the screen reads its info again. On PostgreSQL the socket connects to a second instance: the
 * change, made through the first, reached it through the bus.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCESS_CHANGE_REPLAY_MS } from '@/server/plugins/realtime';
import { createSecondInstance, createTestApp, usingPostgres } from '../support/app';
import { call, login } from '../support/api';
import { TestClock } from '../support/clock';
import { createAdmin, createRole } from '../support/fixtures';
import { TestSocket } from '../support/ws';

const clock = new TestClock();
let a: FastifyInstance;
let b: FastifyInstance;
let root: string;
let port: number;

beforeAll(async () => {
  a = await createTestApp({ clock });
  b = usingPostgres ? await createSecondInstance(a) : a;
  root = await login(a);
  await createRole(a, 'notifier', ['notification', 'notification.index']);
  await b.listen({ port: 0, host: '127.0.0.1' });
  port = (b.server.address() as { port: number }).port;
});

afterAll(async () => {
  if (b !== a) await b.close();
  await a.close();
});

/** A screen of the admin connecting: its ticket, its socket, every frame up to `ready`. */
async function connect(token: string): Promise<TestSocket> {
  const ticket = (await call(b, '/ws/ticket', {}, { token })).body.data.ticket;
  const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?ticket=${ticket}`);
  await socket.next((f) => f.type === 'ready');
  return socket;
}

describe(`a screen connecting just after its admin's access changed (${usingPostgres ? 'two instances on one PostgreSQL database' : 'one instance'})`, () => {
  it('hears the change before ready; another admin, or a screen connecting after the replay window, hears nothing', async () => {
    const id = await createAdmin(a, { username: 'late.screen', password: 'Late-screen-1', roles: ['operator'] });
    await createAdmin(a, { username: 'other.screen', password: 'Other-screen-1', roles: ['operator'] });
    const token = await login(b, 'late.screen', 'Late-screen-1');
    const other = await login(b, 'other.screen', 'Other-screen-1');

    // The roles change (through A) while the admin's screen has read its info and not yet connected.
    const changed = await call(a, '/admin/syncPermissions', { id, roles: ['notifier'], permissions: [] }, { token: root });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(200);
    await clock.advance(ACCESS_CHANGE_REPLAY_MS - 1_000);

    const late = await connect(token);
    const bystander = await connect(other);
    try {
      const heard = late.frames.findIndex((f) => f.type === 'access.changed');
      expect(late.frames[heard]).toMatchObject({ topic: `admin:${id}`, data: { change: 'permissions' } });
      expect(heard, 'before ready').toBeLessThan(late.frames.findIndex((f) => f.type === 'ready'));
      expect(bystander.frames.some((f) => f.type === 'access.changed')).toBe(false);
      // The screen's client subscribes to its topics again at ready: the change is not told twice.
      late.send({ type: 'subscribe', topic: `admin:${id}` });
      await late.next((f) => f.type === 'subscribed');
      expect(late.frames.filter((f) => f.type === 'access.changed')).toHaveLength(1);
    } finally {
      late.close();
      bystander.close();
    }

    // Past the window: a screen opened now read its info after the change.
    await clock.advance(1_000);
    const later = await connect(token);
    try {
      // A frame the server sent before ready would be here by now (frames arrive in order).
      expect(later.frames.map((f) => f.type)).toEqual(['ready']);
    } finally {
      later.close();
    }
  });
});
