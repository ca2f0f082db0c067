/**
 * The one next step of a game (machines/game/next-step.ts), rule by rule as its header says: the
 * stage bar's primary button and the server's autopilot both take it.
 */
import { describe, expect, it } from 'vitest';
import { nextStepOf, sameNextStep, type NextStepQuestion } from '@machines/game/next-step';
import type { QuestionStatus } from '@machines/question/types';

const q = (id: number, status: QuestionStatus, takesNoAnswers = false): NextStepQuestion => ({ id, status, takesNoAnswers });
const slide = (id: number, status: QuestionStatus) => q(id, status, true);

describe('nextStepOf', () => {
  it('nothing is next in an ended game', () => {
    expect(nextStepOf({ ended: true, questions: [q(1, 0)], currentQuestionId: null })).toBeNull();
  });

  it('before the first question: show the first one in the game order (not the lowest id)', () => {
    expect(nextStepOf({ ended: false, questions: [q(7, 0), q(3, 0)], currentQuestionId: null })).toEqual({ type: 2, questionId: 7 });
  });

  it('an answerable question on screen: publish its answer', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 3), q(2, 1), q(3, 0)], currentQuestionId: 2 })).toEqual({ type: 3, questionId: 2 });
  });

  it('the question on screen wins over a stale current_question_id', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 3), q(2, 1)], currentQuestionId: 1 })).toEqual({ type: 3, questionId: 2 });
  });

  it('a content slide on screen: show the next question over it', () => {
    expect(nextStepOf({ ended: false, questions: [slide(1, 1), q(2, 0)], currentQuestionId: 1 })).toEqual({ type: 2, questionId: 2 });
  });

  it('the last content slide on screen: close it (3)', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 3), slide(2, 1)], currentQuestionId: 2 })).toEqual({ type: 3, questionId: 2 });
  });

  it('an answer published: publish the ranking', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 2), q(2, 0)], currentQuestionId: 1 })).toEqual({ type: 4, questionId: 1 });
  });

  it('a ranking published: show the next question not sent yet, in the game order', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 3), q(3, 0), q(2, 0)], currentQuestionId: 1 })).toEqual({ type: 2, questionId: 3 });
  });

  it('a closed slide: the next question, never a ranking after it', () => {
    expect(nextStepOf({ ended: false, questions: [slide(1, 2), q(2, 0)], currentQuestionId: 1 })).toEqual({ type: 2, questionId: 2 });
  });

  it('a question skipped earlier is shown when its turn comes back (first not sent in the order)', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 0), q(2, 3)], currentQuestionId: 2 })).toEqual({ type: 2, questionId: 1 });
  });

  it('nothing left: end the game', () => {
    expect(nextStepOf({ ended: false, questions: [q(1, 3), slide(2, 2)], currentQuestionId: 2 })).toEqual({ type: 5, questionId: null });
    expect(nextStepOf({ ended: false, questions: [], currentQuestionId: null })).toEqual({ type: 5, questionId: null });
  });

  it('a step already done is never next: a ranking published is not published again', () => {
    const step = nextStepOf({ ended: false, questions: [q(1, 3)], currentQuestionId: 1 });
    expect(step).toEqual({ type: 5, questionId: null });
  });
});

describe('sameNextStep', () => {
  it('compares by step and question', () => {
    expect(sameNextStep({ type: 2, questionId: 1 }, { type: 2, questionId: 1 })).toBe(true);
    expect(sameNextStep({ type: 2, questionId: 1 }, { type: 3, questionId: 1 })).toBe(false);
    expect(sameNextStep({ type: 2, questionId: 1 }, { type: 2, questionId: 2 })).toBe(false);
    expect(sameNextStep(null, null)).toBe(true);
    expect(sameNextStep(null, { type: 5, questionId: null })).toBe(false);
  });
});
