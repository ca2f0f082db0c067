/**
 * The real-time channel as a client meets it: a WebSocket at /api/ws opened with a single-use ticket
 * (never a token in the URL), refused from a foreign origin, delivering the events published for the
 * client's topics — also when they are published by another server instance on the same PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { createTestApp, dropPostgresDatabase, testAppConfig, usingPostgres } from '../support/app';
import { call, login } from '../support/api';
import { createAdmin } from '../support/fixtures';
import { TestSocket } from '../support/ws';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return `ws://127.0.0.1:${address.port}/api/ws`;
}

async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, '/ws/ticket', {}, { token });
  expect(res.body.data.url).toBe('/api/ws');
  expect(res.body.data.expires_in).toBe(30);
  return res.body.data.ticket as string;
}

describe('the WebSocket', () => {
  let app: FastifyInstance;
  let url: string;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    url = await listen(app);
    token = await login(app);
  });
  afterAll(() => app.close());

  it('refuses a connection without a valid ticket, and an access token in the URL is no ticket', async () => {
    await expect(TestSocket.open(url)).rejects.toThrow('HTTP 401');
    await expect(TestSocket.open(`${url}?ticket=${token}`)).rejects.toThrow('HTTP 401');
    await expect(TestSocket.open(`${url}?ticket=forged`)).rejects.toThrow('HTTP 401');
  });

  it('refuses a browser of another origin', async () => {
    const ticket = await ticketFor(app, token);
    await expect(TestSocket.open(`${url}?ticket=${ticket}`, { Origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('delivers events for the admin, answers pings with the server time, and a ticket works once', async () => {
    const ticket = await ticketFor(app, token);
    const socket = await TestSocket.open(`${url}?ticket=${ticket}`, { Origin: url.replace('ws://', 'http://').replace('/api/ws', '') });
    try {
      await socket.next((f) => f.type === 'ready');
      await app.publish({ topic: 'admin:1', type: 'notification.count', data: { count: 3 } });
      const event = await socket.next((f) => f.type === 'notification.count');
      expect(event).toMatchObject({ topic: 'admin:1', data: { count: 3 } });

      const before = Date.now();
      socket.send({ type: 'ping', t: 42 });
      const pong = await socket.next((f) => f.type === 'pong');
      expect(pong.t).toBe(42);
      expect(pong.server_time).toBeGreaterThanOrEqual(before - 1000);

      await expect(TestSocket.open(`${url}?ticket=${ticket}`)).rejects.toThrow('HTTP 401');
    } finally {
      socket.close();
    }
  });

  it("does not let an admin listen to another admin's topic", async () => {
    const otherId = await createAdmin(app, { username: 'mallory', password: 'Mallory-password-1', roles: ['viewer'] });
    const socket = await TestSocket.open(`${url}?ticket=${await ticketFor(app, token)}`);
    try {
      socket.send({ type: 'subscribe', topic: `admin:${otherId}` });
      expect((await socket.next((f) => f.type === 'refused' || f.type === 'subscribed')).type).toBe('refused');
      await app.publish({ topic: `admin:${otherId}`, type: 'notification.count', data: { count: 1 } });
      await app.publish({ topic: 'admin:1', type: 'marker', data: null });
      await socket.next((f) => f.type === 'marker');
      expect(socket.frames.some((f) => f.type === 'notification.count' && f.topic === `admin:${otherId}`)).toBe(false);
    } finally {
      socket.close();
    }
  });
});

describe.runIf(usingPostgres)('two server instances on one PostgreSQL database', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let databaseUrl: string;
  beforeAll(async () => {
    const config = await testAppConfig();
    databaseUrl = (config.database as { url: string }).url;
    first = await buildApp(config);
    second = await buildApp(config);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await dropPostgresDatabase(databaseUrl);
  });

  it('delivers an event published on one instance to a client connected to the other', async () => {
    const url = await listen(second);
    const token = await login(first);
    const ticket = await ticketFor(first, token);
    const socket = await TestSocket.open(`${url}?ticket=${ticket}`).catch(async () => {
      // Tickets are signed with the shared secret, so either instance accepts them.
      throw new Error('the second instance refused a ticket issued by the first');
    });
    try {
      await socket.next((f) => f.type === 'ready');
      await first.publish({ topic: 'admin:1', type: 'notification.count', data: { count: 7 } });
      expect((await socket.next((f) => f.type === 'notification.count')).data).toEqual({ count: 7 });
    } finally {
      socket.close();
    }
  });
});

describe('the heartbeat', () => {
  it('pings every client every 30 s, spread over the interval, and drops one that stopped answering', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await createTestApp();
    try {
      const url = await listen(app);
      const token = await login(app);
      const live: TestSocket[] = [];
      for (let i = 0; i < 30; i++) live.push(await TestSocket.open(`${url}?ticket=${await ticketFor(app, token)}`));
      const silent = await TestSocket.open(`${url}?ticket=${await ticketFor(app, token)}`);
      // A phone that went away without closing: it reads nothing more, so answers no ping.
      (silent.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const pings = live.map(() => 0);
      live.forEach((client, i) => client.socket.on('ping', () => (pings[i] = (pings[i] ?? 0) + 1)));
      const pinged = () => pings.filter((n) => n > 0).length;
      // Every ping the server sent so far has reached its client once a frame sent after it has: each
      // live client asks for a pong, which comes back behind the server's pings on the same socket.
      let round = 0;
      const settle = async () => {
        round += 1;
        await Promise.all(live.map((client) => (client.send({ type: 'ping', t: round }), client.next((f) => f.type === 'pong' && f.t === round))));
      };

      vi.advanceTimersByTime(15_000);
      await settle();
      expect(pinged(), 'spread over the interval, not all at once').toBeGreaterThanOrEqual(10);
      expect(pinged()).toBeLessThanOrEqual(20);
      vi.advanceTimersByTime(15_000);
      await settle();
      expect(pings, 'each client once in 30 s').toEqual(live.map(() => 1));
      expect(app.hub.clients.size).toBe(31);

      vi.advanceTimersByTime(30_000);
      await settle();
      expect(pings).toEqual(live.map(() => 2));
      await expect.poll(() => app.hub.clients.size, { message: 'the silent client is dropped, the live ones kept' }).toBe(30);
      expect(live.every((client) => client.socket.readyState === client.socket.OPEN)).toBe(true);
      for (const client of live) client.close();
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
