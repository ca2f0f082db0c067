/**
 * The control screen's actor system: the game machine (machines/game) with the browser's calls —
 * the game's detail and questions, the game-flow steps (sent as this screen, `screenId`), the top 10,
 * the control calls (api/control-api.ts), the rehearsal's (api/rehearsal-api.ts), the autopilot's and the stage message's
 * (api/stage-api.ts) — and the operator topic on the realtime client
 * (lib/operator-connection.ts). Given to the page's GameProvider by
 * hooks/use-game-control.ts, which starts it with system id `game`.
 */
import { provideGame } from '@machines/game/game.machine';
import type { ShownTiming } from '@machines/question/types';
import { type GameFlowData, gameFlow, loadAllQuestions, loadGameDetail, loadRanking, runPreflight } from '../api/live-api';
import type { RealtimeClient } from '@/shared/realtime/client';
import { controlGame } from '../api/control-api';
import { rehearse } from '../api/rehearsal-api';
import { autopilot, setStageMessage } from '../api/stage-api';
import { operatorTopic } from './operator-connection';

const timingOf = (data: GameFlowData): ShownTiming => ({
  deadline: data.question?.deadline ? Date.parse(data.question.deadline) : null,
  serverTime: Date.parse(data.server_time),
});

/** The game machine of the control screen `screenId` of `gameId`, with its calls, on the realtime `client`. */
export function controlScreenLogic(gameId: number, client: RealtimeClient, screenId: string) {
  return provideGame({
    loadGame: async ({ gameId: id }) => {
      const [detail, questions] = await Promise.all([loadGameDetail(id), loadAllQuestions(id)]);
      return { detail, questions };
    },
    endGame: ({ gameId: id }) => gameFlow(id, null, 5, screenId),
    loadRanking: ({ gameId: id }) => loadRanking(id),
    runPreflight: ({ gameId: id, expectedAudience }) => runPreflight(id, expectedAudience),
    showQuestion: async ({ questionId }) => timingOf(await gameFlow(gameId, questionId, 2, screenId)),
    publishAnswer: ({ questionId }) => gameFlow(gameId, questionId, 3, screenId),
    publishRanking: ({ questionId }) => gameFlow(gameId, questionId, 4, screenId),
    controlCall: ({ gameId: id, screenId: screen, action }) => controlGame(id, screen, action),
    rehearsalCall: ({ gameId: id, screenId: screen, action, players }) => rehearse(id, screen, action, players),
    autopilotCall: ({ gameId: id, screenId: screen, action }) => autopilot(id, screen, action),
    stageMessageCall: ({ gameId: id, screenId: screen, message }) => setStageMessage(id, screen, message),
    operatorTopic: operatorTopic(client),
  });
}
