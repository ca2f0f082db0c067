/**
 * The game chart's events as its model test (tests/machines/game.machine.test.ts) and its Chromium
 * replay (tests/e2e/replay/support/game-model.ts) offer them: the chart's own events, the outcomes of
 * its invoked calls, the snapshot wait; the clock's start; a loaded game's detail and question rows.
 */
import type { AutopilotState, ControlState, GameEvent, LoadedGame, PreflightReport, Ranking, RehearsalState, StageMessageData } from '@machines/game/types';
import type { QuestionStatus } from '@machines/question/types';

export const T0 = Date.parse('2026-11-22T04:00:00.000Z');
/** The delayed event after which a loaded screen starts its questions without an operator snapshot. */
export const WAIT = 'xstate.after.snapshotWait.game.flow.synchronizing' as const;

/** How the game's invoked calls end. */
export type GameOutcomeEvent =
  | { type: 'xstate.done.actor.loadGame'; output: LoadedGame }
  | { type: 'xstate.error.actor.loadGame'; error: unknown }
  | { type: 'xstate.done.actor.endGame'; output: unknown }
  | { type: 'xstate.error.actor.endGame'; error: unknown }
  | { type: 'xstate.done.actor.loadRanking'; output: Ranking }
  | { type: 'xstate.error.actor.loadRanking'; error: unknown }
  | { type: 'xstate.done.actor.runPreflight'; output: PreflightReport }
  | { type: 'xstate.error.actor.runPreflight'; error: unknown }
  | { type: 'xstate.done.actor.controlCall'; output: ControlState }
  | { type: 'xstate.error.actor.controlCall'; error: unknown }
  | { type: 'xstate.done.actor.rehearsalCall'; output: RehearsalState }
  | { type: 'xstate.error.actor.rehearsalCall'; error: unknown }
  | { type: 'xstate.done.actor.autopilotCall'; output: AutopilotState }
  | { type: 'xstate.error.actor.autopilotCall'; error: unknown }
  | { type: 'xstate.done.actor.stageMessageCall'; output: StageMessageData }
  | { type: 'xstate.error.actor.stageMessageCall'; error: unknown };

export type GameModelEvent = GameEvent | GameOutcomeEvent | { type: typeof WAIT };

/** Game 9 ("Quiz", PIN 123456), a speed contest, open (1) or closed (0), as triviaGame/detail answers it. */
export const gameDetail = (status: 0 | 1) => ({ id: 9, type: 1, status, title: 'Quiz', pin: '123456' }) as unknown as LoadedGame['detail'];
/** A timed question row at a status, as question/list answers it. */
export const questionRow = (id: number, status: QuestionStatus, answeringSeconds: number) =>
  ({ id, status, title: `Q${id}`, have_answering_time: 1, answering_time: answeringSeconds }) as unknown as LoadedGame['questions'][number];
