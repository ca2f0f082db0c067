/**
 * A content slide (question kind 8) on the control screen's game chart: it has no countdown and no
 * answer to publish, and the next question may be shown while it is up — the server closes the
 * slide in the same step (docs/game-rules.md), and the chart closes the slide's actor when the next
 * question is shown. The server's step rule (machines/game/steps.ts) agrees when it is told the live
 * question's type. The calls are faked, the question actors real.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { provideGame } from '@machines/game/game.machine';
import { selectCanShowQuestion, selectLiveQuestionId, selectNextQuestionId, selectQuestionActor, selectTakesNoAnswers } from '@machines/game/selectors';
import { resolveGameFlowStep } from '@machines/game/steps';
import type { GameEvent, LoadedGame, OperatorSnapshot, OperatorTopicInput, QuestionRow } from '@machines/game/types';
import { selectAction, selectIsCountingDown, selectIsLive, selectRemainingSeconds, selectStatus } from '@machines/question/selectors';
import { gameDetail, questionRow, T0 } from './support/game-events';
import { createFakeCalls, flush } from './support/model';

type CallName = 'loadGame' | 'endGame' | 'loadRanking' | 'runPreflight' | 'showQuestion' | 'publishAnswer' | 'publishRanking';

const rowOf = (id: number, type: QuestionRow['question_type']): QuestionRow => ({ ...questionRow(id, 0, 10), question_type: type });
/** A slide, a timed single choice, another slide, a poll. */
const GAME: LoadedGame = { detail: gameDetail(1), questions: [rowOf(1, 8), rowOf(2, 1), rowOf(3, 8), rowOf(4, 4)] };
const QUIET = { server_time: new Date(T0).toISOString(), game: { id: 9, status: 1, player_count: 3 }, live_question: null } as unknown as OperatorSnapshot;

async function opened() {
  const calls = createFakeCalls<CallName>();
  const clock = new SimulatedClock();
  clock.set(T0);
  const client = { status: 'connecting' as const, onStatus: () => () => undefined, onRejected: () => () => undefined, retain: () => () => undefined, retryNow: () => undefined };
  const machine = provideGame({
    loadGame: calls.call('loadGame'),
    endGame: calls.call('endGame'),
    loadRanking: calls.call('loadRanking'),
    runPreflight: calls.call('runPreflight'),
    showQuestion: calls.call('showQuestion'),
    publishAnswer: calls.call('publishAnswer'),
    publishRanking: calls.call('publishRanking'),
    operatorTopic: fromCallback<{ type: string }, OperatorTopicInput>(() => undefined),
  });
  const actor = createActor(machine, { input: { gameId: 9, client }, systemId: 'game', clock }).start();
  const resolve = async (name: CallName, output: unknown) => {
    calls.only(name).resolve(output);
    await flush();
  };
  actor.send({ type: 'server.snapshot', snapshot: QUIET, receivedAt: T0 });
  await resolve('loadGame', GAME);
  await resolve('runPreflight', { problems: [], blocking: 0, warnings: 0, checked_at: new Date(T0).toISOString() });
  return {
    ...calls,
    actor,
    resolve,
    send: (event: GameEvent) => actor.send(event),
    snapshot: () => actor.getSnapshot(),
    question: (id: number) => selectQuestionActor(actor.getSnapshot(), id)!.getSnapshot(),
  };
}

describe('a content slide on the control screen', () => {
  it('is shown without a countdown, and the next question may be shown over it, which closes it', async () => {
    const h = await opened();
    expect(selectTakesNoAnswers(h.snapshot(), 1)).toBe(true);
    expect(selectTakesNoAnswers(h.snapshot(), 2)).toBe(false);
    expect(selectNextQuestionId(h.snapshot())).toBe(1);

    h.send({ type: 'host.showQuestion', questionId: 1 });
    await h.resolve('showQuestion', { deadline: null, serverTime: T0 });
    expect(selectLiveQuestionId(h.snapshot())).toBe(1);
    expect(selectIsLive(h.question(1))).toBe(true);
    expect(selectIsCountingDown(h.question(1)), 'no countdown').toBe(false);
    expect(selectRemainingSeconds(h.question(1))).toBeNull();

    // Show next: the slide does not hold the screen.
    expect(selectCanShowQuestion(h.snapshot(), 2)).toBe(true);
    expect(selectNextQuestionId(h.snapshot())).toBe(2);
    h.send({ type: 'host.showQuestion', questionId: 2 });
    expect(h.only('showQuestion').input).toEqual({ questionId: 2 });
    await h.resolve('showQuestion', { deadline: T0 + 10_000, serverTime: T0 });
    expect(selectLiveQuestionId(h.snapshot())).toBe(2);
    expect(selectStatus(h.question(1)), 'the slide was closed').toBe(2);
    expect(h.snapshot().context.questionStatuses).toMatchObject({ 1: 2, 2: 1 });
    expect(selectIsCountingDown(h.question(2)), 'a question after a slide counts down as usual').toBe(true);

    // A question that takes answers still holds the screen until its answer is out.
    expect(selectCanShowQuestion(h.snapshot(), 3)).toBe(false);
    expect(selectNextQuestionId(h.snapshot())).toBeNull();
  });

  it('is closed by the server event of the next question shown on another screen, or closed by itself (step 3)', async () => {
    const h = await opened();
    h.send({ type: 'server.questionShown', questionId: 1, deadline: null, serverTime: T0 });
    expect(selectIsLive(h.question(1))).toBe(true);
    h.send({ type: 'server.questionShown', questionId: 2, deadline: T0 + 10_000, serverTime: T0 });
    expect(selectStatus(h.question(1))).toBe(2);
    expect(selectLiveQuestionId(h.snapshot())).toBe(2);

    // The second slide, closed with the publish step (no confirmation needed by the chart beyond its two events).
    const g = await opened();
    g.send({ type: 'host.showQuestion', questionId: 1 });
    await g.resolve('showQuestion', { deadline: null, serverTime: T0 });
    expect(selectAction(g.question(1))).toBe('publishAnswer');
    g.send({ type: 'host.publishNow', questionId: 1 });
    g.send({ type: 'host.confirmPublish', questionId: 1 });
    await g.resolve('publishAnswer', {});
    expect(selectStatus(g.question(1))).toBe(2);
    expect(selectLiveQuestionId(g.snapshot())).toBeNull();
    expect(selectNextQuestionId(g.snapshot())).toBe(2);
  });
});

describe('the server step rule over a slide', () => {
  const game = (liveQuestionType?: number) => ({ id: 1, status: 1 as const, liveQuestionId: 5, anyQuestionSent: true, ...(liveQuestionType === undefined ? {} : { liveQuestionType }) });

  it('shows the next question while a slide is live; refuses while a question that takes answers is live', () => {
    expect(resolveGameFlowStep({ step: 2, game: game(8), question: { id: 6, status: 0 } })).toEqual({ kind: 'apply', questionStatus: 1, endsGame: false });
    expect(resolveGameFlowStep({ step: 2, game: game(1), question: { id: 6, status: 0 } })).toEqual({ kind: 'refused', reason: 'anotherQuestionLive' });
    expect(resolveGameFlowStep({ step: 2, game: game(), question: { id: 6, status: 0 } })).toEqual({ kind: 'refused', reason: 'anotherQuestionLive' });
  });

  it('closes the slide itself with step 3', () => {
    expect(resolveGameFlowStep({ step: 3, game: game(8), question: { id: 5, status: 1 } })).toEqual({ kind: 'apply', questionStatus: 2, endsGame: false });
  });
});
