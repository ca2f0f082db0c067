/**
 * The player's live link, as the player machine's children see it (machines/player/player.machine.ts
 * `openLink`): the page's one realtime client (@/shared/realtime/game-channel over src/shared/realtime:
 * ticket, heartbeat, reconnect with backoff, resubscribe, clock offset), held by the machine's
 * `connection` child, and `gameEvents`, the callback actor that turns the frames of the game's
 * public topic into the machine's events. After a resubscription — or when the first snapshot shows
 * something the phone's view does not — the machine re-reads its state (`connection.reconnected`),
 * so nothing missed while the connection was down stays missed; the browser's `online` lets a
 * waiting answer go at once (`connection.online`).
 */
import { fromCallback, type CallbackActorLogic } from 'xstate';
import type { GameEventsInput, PlayerEvent, PlayerView } from '@machines/player/types';
import type { PlayApi, PlaySchemas } from '@/audience/api';
import { createGameChannel } from '@/shared/realtime/game-channel';
import type { EventFrame, RealtimeClient } from '@/shared/realtime/client';
import { currentLanguage } from '@/audience/i18n';
import { stageMessageAfter, type StageMessage } from '@/audience/stage-message';
import { toPublicQuestion } from './player-logic';

/** Whether the public snapshot tells of something the phone's view lacks. */
export function snapshotDiffers(snapshot: PlaySchemas['DisplayStateData'], view: PlayerView | null): boolean {
  if (!view) return false;
  if (snapshot.finished !== view.gameEnded) return true;
  const shown = snapshot.question;
  const mine = view.question;
  if ((shown?.question.id ?? null) !== (mine?.question.id ?? null)) return true;
  if (shown && mine && (shown.status >= 2) !== (mine.status >= 2)) return true;
  if (snapshot.ranking && snapshot.ranking.question_id !== (view.rank?.questionId ?? null)) return true;
  return false;
}

/** A frame of the game's topic as the player machine's events (none for the frames it ignores). */
export function forwardFrame(send: (event: PlayerEvent) => void, frame: EventFrame, view: () => PlayerView | null, firstSnapshot: boolean): void {
  switch (frame.type) {
    case 'server.snapshot': {
      const data = frame.data as PlaySchemas['DisplayStateData'];
      send({ type: 'server.playerCount', count: data.game.player_count });
      if (firstSnapshot && snapshotDiffers(data, view())) send({ type: 'connection.reconnected' });
      return;
    }
    case 'server.playerJoined':
      send({ type: 'server.playerCount', count: (frame.data as PlaySchemas['EventPlayerJoined']).count });
      return;
    case 'server.questionShown': {
      const data = frame.data as PlaySchemas['EventQuestionShown'];
      // A question too large for one event comes without its body: read it with /state.
      if (!data.question) send({ type: 'connection.reconnected' });
      else send({ type: 'server.questionShown', question: toPublicQuestion(data.question), deadline: data.deadline === null ? null : Date.parse(data.deadline), receivedAt: Date.now() });
      return;
    }
    case 'server.answerPublished': {
      const data = frame.data as PlaySchemas['EventAnswerPublished'];
      send({ type: 'server.answerPublished', questionId: data.question_id, votes: { counts: data.counts, total: data.total } });
      return;
    }
    case 'server.rankingPublished':
      send({ type: 'server.rankingPublished', questionId: (frame.data as PlaySchemas['EventRankingPublished']).question_id });
      return;
    case 'server.gameEnded':
      send({ type: 'server.gameEnded' });
      return;
    case 'server.disqualified':
      // This player was disqualified or ranked again: its state (with the reason) is read again.
      if ((frame.data as PlaySchemas['EventDisqualified']).player_id === view()?.playerId) send({ type: 'connection.reconnected' });
      return;
  }
}

export interface PlayerLink {
  /** The page's one realtime client (the machine's input `client`; answers go over it). */
  client: RealtimeClient;
  /** The machine's `gameEvents` actor. */
  gameEvents: CallbackActorLogic<PlayerEvent, GameEventsInput>;
  /**
   * The stage message up in the game played (null when none), for the card over the screens: a view
   * only, outside the machine, since it changes no step of the player's (@/audience/stage-message).
   */
  stage: StageStore;
}

export interface StageStore {
  get(): StageMessage | null;
  set(message: StageMessage | null): void;
  subscribe(listener: () => void): () => void;
}

function stageStore(): StageStore {
  let message: StageMessage | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => message,
    set(next) {
      if (next === message) return;
      message = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The page's link: one client for the page's life, following the token of whoever plays. */
export function createPlayerLink(api: PlayApi): PlayerLink {
  let token = '';
  const channel = createGameChannel({ getTicket: () => api.ticket(token), lang: currentLanguage });
  const stage = stageStore();
  const gameEvents = fromCallback<PlayerEvent, GameEventsInput>(({ input, sendBack }) => {
    token = input.token;
    let firstSnapshot = true;
    const offTopic = channel.listen({
      onEvent: (frame) => {
        stage.set(stageMessageAfter(stage.get(), frame));
        forwardFrame(sendBack, frame, input.view, firstSnapshot);
        if (frame.type === 'server.snapshot') firstSnapshot = false;
      },
      onConnected: (reconnected) => {
        if (reconnected) sendBack({ type: 'connection.reconnected' });
      },
      onClock: (offsetMs) => sendBack({ type: 'clock.synced', offsetMs, measured: channel.client.clock.measured }),
      // The token is gone: reading the state sends the player back to joining.
      onRejected: () => sendBack({ type: 'connection.reconnected' }),
    });
    const online = () => sendBack({ type: 'connection.online' });
    window.addEventListener('online', online);
    return () => {
      offTopic();
      window.removeEventListener('online', online);
      stage.set(null);
    };
  });
  return { client: channel.client, gameEvents, stage };
}
