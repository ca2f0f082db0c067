/**
 * The event bus (src/server/realtime/bus.ts) under events published at once, as a notification sent
 * to many admins publishes one per admin: every event reaches a subscriber, in the order published.
 * On PostgreSQL the events go through NOTIFY on the instance's one listening connection, one
 * statement at a time (a query handed to a busy pg client is deprecated, an error from pg 9), and a
 * second bus on the same database (another instance) hears them all; on the embedded PGlite the
 * in-process bus does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBus, createPostgresBus, type EventBus, type RealtimeEvent } from '@/server/realtime/bus';
import { createPostgresDatabase, dropPostgresDatabase, usingPostgres } from '../support/app';

const log = { warn: () => undefined };
let url: string | undefined;
let publisher: EventBus;
let listener: EventBus;

beforeAll(async () => {
  if (usingPostgres) {
    url = await createPostgresDatabase();
    publisher = await createPostgresBus(url, log);
    listener = await createPostgresBus(url, log);
  } else {
    publisher = listener = createLocalBus();
  }
});

afterAll(async () => {
  await publisher?.close();
  if (listener !== publisher) await listener?.close();
  if (url) await dropPostgresDatabase(url);
});

describe(`events published at once (${usingPostgres ? 'two buses on one PostgreSQL database' : 'the in-process bus'})`, () => {
  it('all reach a subscriber, in the order published, with no deprecated overlapping query', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    const heard: number[] = [];
    const all = new Promise<void>((resolve) => {
      listener.subscribe((event: RealtimeEvent) => {
        if (event.topic !== 'bus-test') return;
        heard.push((event.data as { n: number }).n);
        if (heard.length === 300) resolve();
      });
    });
    try {
      const published = Array.from({ length: 300 }, (_, n) => publisher.publish({ topic: 'bus-test', type: 'n', data: { n } }));
      // A read of the connection's peers while the events are on their way shares the same connection.
      const peers = usingPostgres ? await publisher.peers() : [];
      await Promise.all(published);
      await all;
      expect(heard).toEqual(Array.from({ length: 300 }, (_, n) => n));
      if (usingPostgres) expect(peers).toHaveLength(2);
      // Warnings are emitted on the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
