/**
 * The control screen's actor system: the game machine (machines/game) with the browser's calls —
 * the game's detail and questions, the game-flow steps, the top 10 — and the operator topic on the
 * realtime client (lib/operator-connection.ts). Created by hooks/use-game-control.ts with system id `game`.
 */
import { provideGame } from '@machines/game/game.machine';
import type { ShownTiming } from '@machines/question/types';
import { type GameFlowData, gameFlow, loadAllQuestions, loadGameDetail, loadRanking, runPreflight } from '../api/live-api';
import type { RealtimeClient } from '@/shared/realtime/client';
import { operatorTopic } from './operator-connection';

const timingOf = (data: GameFlowData): ShownTiming => ({
  deadline: data.question?.deadline ? Date.parse(data.question.deadline) : null,
  serverTime: Date.parse(data.server_time),
});

/** The game machine of the control screen of `gameId`, with its calls, on the realtime `client`. */
export function controlScreenLogic(gameId: number, client: RealtimeClient) {
  return provideGame({
    loadGame: async ({ gameId: id }) => {
      const [detail, questions] = await Promise.all([loadGameDetail(id), loadAllQuestions(id)]);
      return { detail, questions };
    },
    endGame: ({ gameId: id }) => gameFlow(id, null, 5),
    loadRanking: ({ gameId: id }) => loadRanking(id),
    runPreflight: ({ gameId: id, expectedAudience }) => runPreflight(id, expectedAudience),
    showQuestion: async ({ questionId }) => timingOf(await gameFlow(gameId, questionId, 2)),
    publishAnswer: ({ questionId }) => gameFlow(gameId, questionId, 3),
    publishRanking: ({ questionId }) => gameFlow(gameId, questionId, 4),
    operatorTopic: operatorTopic(client),
  });
}
