/**
 * The last event of one type on each topic, kept for a while, for the clients that subscribe after
 * it: an admin's `access.changed` (features/access/access-events.ts). A screen reads the admin's info
 * before its socket has connected (the shell paints, then asks a ticket, then upgrades), so a change
 * announced in between reached no socket of it and its menu would stay as it was read. The hub sends
 * the kept event to a socket subscribing to the topic within `keepMs` of it (the topic's `snapshot`):
 * the screen reads its info again, at worst once more than it needed.
 * Fed by the bus, so every instance keeps what any instance announced.
 */
import type { EventBus, RealtimeEvent } from './bus.js';

export interface RecentEvents {
  /** The kept event of `topic`, if it is younger than `keepMs`. */
  of(topic: string): RealtimeEvent[];
  close(): void;
}

export function recentEvents(bus: EventBus, type: string, keepMs: number, now: () => number): RecentEvents {
  const kept = new Map<string, { at: number; event: RealtimeEvent }>();
  const off = bus.subscribe((event) => {
    if (event.type !== type) return;
    const at = now();
    // Only the young are kept (a long-running server sees many admins).
    for (const [topic, old] of kept) if (at - old.at >= keepMs) kept.delete(topic);
    kept.set(event.topic, { at, event });
  });
  return {
    of(topic) {
      const last = kept.get(topic);
      return last && now() - last.at < keepMs ? [last.event] : [];
    },
    close: off,
  };
}
