/**
 * The control screen's `operatorTopic` actor (child of the game, machines/game): the topic
 * `game:<id>:operator` on the tab's one realtime client (src/app/realtime/admin-realtime.ts, held by
 * the game's `connection` child), its frames sent to the game as typed events (`server.*`, the
 * contract's event types, play-api.yaml). The client reconnects by itself with backoff and
 * resubscribes (the server answers each subscription with a `server.snapshot`). With a screen id it
 * also listens to the screen's own topic `game:<id>:screen:<screen_id>`: listening is the screen's
 * presence for the control lease (the server answers with `server.control`, and publishes every
 * change of control on the operator topic).
 */
import { fromCallback } from 'xstate';
import type { GameEvent, OperatorTopicInput } from '@machines/game/types';
import type { RealtimeClient, ServerFrame } from '@/shared/realtime/client';

/** The frame of the operator topic as the game's event (null for frames the game does not hear). */
export function operatorEvent(frame: ServerFrame, serverNow: () => number, receivedAt = Date.now()): GameEvent | null {
  switch (frame.type) {
    case 'server.snapshot':
      // The operator topic's snapshot (the public topic has its own shape under the same type).
      return 'live_question' in frame.data ? { type: 'server.snapshot', snapshot: frame.data, receivedAt } : null;
    case 'server.questionShown': {
      const { data } = frame;
      return { type: 'server.questionShown', questionId: data.question_id, deadline: data.deadline ? Date.parse(data.deadline) : null, serverTime: serverNow() };
    }
    case 'server.answerCount': {
      const { data } = frame;
      return { type: 'server.answerCount', questionId: data.question_id, counts: data.counts, total: data.total };
    }
    case 'server.answerPublished': {
      const { data } = frame;
      return { type: 'server.answerPublished', questionId: data.question_id, counts: data.counts, total: data.total };
    }
    case 'server.rankingPublished': {
      const { data } = frame;
      return { type: 'server.rankingPublished', questionId: data.question_id, ranking: { list: data.list, total: data.total } };
    }
    case 'server.playerJoined':
      return { type: 'server.playerJoined', count: frame.data.count };
    case 'server.gameEnded':
      return { type: 'server.gameEnded' };
    case 'server.gameReset':
      return { type: 'server.gameReset' };
    case 'server.control':
      return { type: 'server.control', control: frame.data };
    case 'server.rehearsal':
      return { type: 'server.rehearsal', rehearsal: frame.data };
    case 'server.autopilot':
      return { type: 'server.autopilot', autopilot: frame.data };
    case 'server.stageMessage':
      return { type: 'server.stageMessage', message: frame.data.stage_message };
    default:
      return null;
  }
}

/** The operator topic actor on `client` (the one the game's connection holds). */
export function operatorTopic(client: RealtimeClient) {
  return fromCallback<{ type: string }, OperatorTopicInput>(({ sendBack, input }) => {
    let live = true;
    const hear = (frame: ServerFrame) => {
      const event = live ? operatorEvent(frame, () => client.clock.now()) : null;
      if (event) sendBack(event);
    };
    const off = client.subscribe(input.topic, hear);
    const offScreen = input.screenTopic === null ? () => undefined : client.subscribe(input.screenTopic, hear);
    return () => {
      live = false;
      off();
      offScreen();
    };
  });
}
