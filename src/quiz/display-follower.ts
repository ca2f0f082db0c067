/**
 * The big screen following its game, outside React: the state read with POST /display/state and kept
 * current by the game's public topic on the page's one realtime client (@/shared/realtime/game-channel; the
 * ticket from /display/ticket), each frame applied by ./display-state.ts (a frame that lacks what the
 * screen needs, or another display unpaired from the game, reads the state again), the winners the
 * operator shows, the clock offset (the client's ServerClock, fed the state's server_time too) and the
 * connection's status. It also hears the game's display topic (`game:<id>:display`, displays only): how
 * many have answered the live question (`server.answerTotal`, never the per-option counts).
 * An answer published without its long explanation (too large for the event) reads the state once. The page reads it as an external store (`useSyncExternalStore`); a session
 * the server no longer knows (a 202, or the ticket refused) calls `onExpired`, and the page pairs again.
 *
 * Not a statechart: the display machine this would be costs the quiz page the statechart runtime
 * (13 KB gzip, over its 100 KB budget); the following has two states (reading, showing), kept here.
 */
import { PlayApiError, type PlayApi } from '@/audience/api';
import { createGameChannel } from '@/shared/realtime/game-channel';
import type { RealtimeStatus } from '@/shared/realtime/client';
import { applyFrame, winnersAfter, type DisplayState } from './display-state';
import type { Winners } from './winners-podium';

export interface DisplayView {
  /** What the screen shows; null until the first read or snapshot. */
  state: DisplayState | null;
  /** Server clock − local clock, ms (0: not measured yet). */
  offsetMs: number;
  status: RealtimeStatus;
  winners: Winners | null;
  /** How many have answered the live question, as last told by the display topic. */
  answered: { questionId: number; total: number } | null;
}

export interface DisplayFollower {
  subscribe(listener: () => void): () => void;
  getSnapshot(): DisplayView;
}

/** Follows the game while subscribed (the first subscriber starts it, the last stops it). */
export function followDisplay(api: PlayApi, session: { token: string; gameId: number }, onExpired: (message: string) => void): DisplayFollower {
  const { token } = session;
  const listeners = new Set<() => void>();
  let view: DisplayView = { state: null, offsetMs: 0, status: 'idle', winners: null, answered: null };
  const change = (next: Partial<DisplayView>) => {
    view = { ...view, ...next };
    for (const listener of listeners) listener();
  };
  let stopped = true;
  const channel = createGameChannel({ getTicket: () => api.displayTicket(token) });

  async function read(): Promise<void> {
    try {
      const state = await api.displayState(token);
      if (stopped) return;
      // The client's one estimate of the server's clock (src/domain/clock.ts ServerClock): the answer's
      // server time counts only until a ping/pong was measured.
      change({ state, offsetMs: channel.client.clock.observe(state.server_time) });
    } catch (error) {
      // A lost network keeps what is shown: the topic's next snapshot brings the rest.
      if (!stopped && error instanceof PlayApiError && error.tokenRejected) onExpired(error.message);
    }
  }

  let offs: Array<() => void> = [];
  function start(): void {
    stopped = false;
    void read();
    offs = [
      channel.client.onStatus((status) => change({ status })),
      channel.listen({
        onEvent: (frame) => {
          const winners = winnersAfter(view.winners, frame);
          // Some display was unpaired from this game: this one asks whether it still may follow it (a 202 ends it).
          if (frame.type === 'display.unpaired') return void read();
          if (frame.type === 'server.winners') return change({ winners });
          const next = applyFrame(view.state, frame);
          change({ state: next.state, winners });
          if (next.refresh) void read();
        },
        onClock: (offsetMs) => change({ offsetMs }),
        onRejected: (error) => onExpired(error.message),
      }),
      channel.client.subscribe(`game:${session.gameId}:display`, (frame) => {
        if (frame.type !== 'server.answerTotal') return;
        const { question_id, total } = frame.data;
        change({ answered: { questionId: question_id, total } });
      }),
      channel.client.retain(),
    ];
  }
  function stop(): void {
    stopped = true;
    for (const off of offs) off();
    offs = [];
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    getSnapshot: () => view,
  };
}
