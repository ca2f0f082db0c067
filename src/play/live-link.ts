/**
 * The player's real-time link: once the phone has a player token, the game's public topic over the
 * page's one realtime client (@/audience/game-channel over src/shared/realtime: ticket, heartbeat,
 * reconnect with backoff, resubscribe, clock offset), its frames turned
 * into the player machine's events. After a reconnect — or when the first snapshot shows something the
 * phone's view does not — the machine re-reads its state (`connection.reconnected`), so nothing missed
 * while the connection was down stays missed.
 */
import { useEffect, useState } from 'react';
import type { PlayerActorRef } from '@machines/player/player.machine';
import type { PlayerView } from '@machines/player/types';
import type { PlayApi, PlaySchemas } from '@/audience/api';
import { openGameChannel } from '@/audience/game-channel';
import type { EventFrame, RealtimeStatus } from '@/shared/realtime/client';
import { currentLanguage } from '@/audience/i18n';
import { toPublicQuestion, type AnswerChannel } from './player-logic';

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

export function forwardFrame(actor: PlayerActorRef, frame: EventFrame, onPlayerCount: (count: number) => void, firstSnapshot: boolean): void {
  switch (frame.type) {
    case 'server.snapshot': {
      const data = frame.data as PlaySchemas['DisplayStateData'];
      onPlayerCount(data.game.player_count);
      if (firstSnapshot && snapshotDiffers(data, actor.getSnapshot().context.view)) actor.send({ type: 'connection.reconnected' });
      return;
    }
    case 'server.playerJoined':
      onPlayerCount((frame.data as PlaySchemas['EventPlayerJoined']).count);
      return;
    case 'server.questionShown': {
      const data = frame.data as PlaySchemas['EventQuestionShown'];
      // A question too large for one event comes without its body: read it with /state.
      if (!data.question) actor.send({ type: 'connection.reconnected' });
      else actor.send({ type: 'server.questionShown', question: toPublicQuestion(data.question), deadline: data.deadline === null ? null : Date.parse(data.deadline), receivedAt: Date.now() });
      return;
    }
    case 'server.answerPublished':
      actor.send({ type: 'server.answerPublished', questionId: (frame.data as PlaySchemas['EventAnswerPublished']).question_id });
      return;
    case 'server.rankingPublished':
      actor.send({ type: 'server.rankingPublished', questionId: (frame.data as PlaySchemas['EventRankingPublished']).question_id });
      return;
    case 'server.gameEnded':
      actor.send({ type: 'server.gameEnded' });
      return;
  }
}

/**
 * Keeps the link open while the phone plays, and in `channel` for the answers to go over it; returns
 * the connection's status and the players joined.
 */
export function useLiveLink(actor: PlayerActorRef, api: PlayApi, token: string | null, playing: boolean, channel: AnswerChannel) {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [playerCount, setPlayerCount] = useState<number | null>(null);
  useEffect(() => {
    if (!token || !playing) return;
    let firstSnapshot = true;
    const live = openGameChannel({
      getTicket: () => api.ticket(token),
      onEvent: (frame) => {
        forwardFrame(actor, frame, setPlayerCount, firstSnapshot);
        if (frame.type === 'server.snapshot') firstSnapshot = false;
      },
      onConnected: (reconnected) => {
        if (reconnected) actor.send({ type: 'connection.reconnected' });
      },
      onStatus: setStatus,
      onClock: (offsetMs) => actor.send({ type: 'clock.synced', offsetMs }),
      // The token is gone: reading the state sends the player back to joining.
      onRejected: () => actor.send({ type: 'connection.reconnected' }),
      lang: currentLanguage,
    });
    const socket = live.client;
    channel.socket = socket;
    return () => {
      if (channel.socket === socket) channel.socket = null;
      live.close();
    };
  }, [actor, api, token, playing, channel]);
  return { status, playerCount };
}
