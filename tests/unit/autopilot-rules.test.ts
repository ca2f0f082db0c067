/**
 * When the server's autopilot takes a game's next step (machines/game/autopilot.ts), rule by rule as
 * its header says, and pausing / resuming it (machines/game/autopilot-steps.ts, the game chart's
 * autopilot region asked).
 */
import { describe, expect, it } from 'vitest';
import { AUTO_ADVANCE_DEFAULT, autopilotDueAt, autopilotMode, autopilotRemainingMs, type AutopilotFacts } from '@machines/game/autopilot';
import { resolveAutopilotAction } from '@machines/game/autopilot-steps';

const T = Date.parse('2026-12-08T10:00:00.000Z');
const ON = { ...AUTO_ADVANCE_DEFAULT, enabled: true, ranking_after_s: 5, next_after_s: 10 };
const facts = (over: Partial<AutopilotFacts>): AutopilotFacts => ({
  settings: ON,
  ended: false,
  pausedAt: null,
  pausedMs: 0,
  lastStepAt: T,
  step: { type: 4, questionId: 1 },
  liveTakesNoAnswers: false,
  deadline: null,
  graceMs: 500,
  ...over,
});

describe('autopilotMode', () => {
  it('off when not enabled, or when the game ended; running; paused', () => {
    expect(autopilotMode(facts({ settings: AUTO_ADVANCE_DEFAULT }))).toBe('off');
    expect(autopilotMode(facts({ ended: true }))).toBe('off');
    expect(autopilotMode(facts({}))).toBe('running');
    expect(autopilotMode(facts({ pausedAt: T + 1_000 }))).toBe('paused');
  });
  it('the default settings are off', () => expect(AUTO_ADVANCE_DEFAULT.enabled).toBe(false));
});

describe('autopilotDueAt', () => {
  it('a timed question: its answer at the deadline plus the grace', () => {
    expect(autopilotDueAt(facts({ step: { type: 3, questionId: 1 }, deadline: T + 20_000 }))).toBe(T + 20_500);
  });
  it('pausing never delays a countdown: the reveal stays due while paused', () => {
    expect(autopilotDueAt(facts({ step: { type: 3, questionId: 1 }, deadline: T + 20_000, pausedAt: T + 1_000 }))).toBe(T + 20_500);
    expect(autopilotRemainingMs(facts({ step: { type: 3, questionId: 1 }, deadline: T + 20_000, pausedAt: T + 1_000 }))).toBeNull();
  });
  it('an untimed question waits for the operator', () => {
    expect(autopilotDueAt(facts({ step: { type: 3, questionId: 1 }, deadline: null }))).toBeNull();
  });
  it('the ranking: ranking_after_s after the last step; 0 seconds is the operator’s', () => {
    expect(autopilotDueAt(facts({ step: { type: 4, questionId: 1 } }))).toBe(T + 5_000);
    expect(autopilotDueAt(facts({ settings: { ...ON, ranking_after_s: 0 } }))).toBeNull();
  });
  it('the next question: next_after_s after the last step; 0 seconds is the operator’s', () => {
    expect(autopilotDueAt(facts({ step: { type: 2, questionId: 2 } }))).toBe(T + 10_000);
    expect(autopilotDueAt(facts({ step: { type: 2, questionId: 2 }, settings: { ...ON, next_after_s: 0 } }))).toBeNull();
  });
  it('slides: the next question over a slide, and closing the last slide, next_after_s after it was shown', () => {
    expect(autopilotDueAt(facts({ step: { type: 2, questionId: 3 }, liveTakesNoAnswers: true }))).toBe(T + 10_000);
    expect(autopilotDueAt(facts({ step: { type: 3, questionId: 3 }, liveTakesNoAnswers: true }))).toBe(T + 10_000);
    expect(autopilotDueAt(facts({ step: { type: 3, questionId: 3 }, liveTakesNoAnswers: true, settings: { ...ON, next_after_s: 0 } }))).toBeNull();
  });
  it('the end: next_after_s after the last step with end_after_last, at once when 0, never without it', () => {
    expect(autopilotDueAt(facts({ step: { type: 5, questionId: null } }))).toBe(T + 10_000);
    expect(autopilotDueAt(facts({ step: { type: 5, questionId: null }, settings: { ...ON, next_after_s: 0 } }))).toBe(T);
    expect(autopilotDueAt(facts({ step: { type: 5, questionId: null }, settings: { ...ON, end_after_last: false } }))).toBeNull();
  });
  it('the first question is always the operator’s (no step taken yet)', () => {
    expect(autopilotDueAt(facts({ step: { type: 2, questionId: 1 }, lastStepAt: null }))).toBeNull();
  });
  it('nothing is due when off, or with no step', () => {
    expect(autopilotDueAt(facts({ settings: AUTO_ADVANCE_DEFAULT }))).toBeNull();
    expect(autopilotDueAt(facts({ ended: true }))).toBeNull();
    expect(autopilotDueAt(facts({ step: null }))).toBeNull();
  });
});

describe('pausing the clock', () => {
  it('while paused nothing but a reveal is due; the time left is kept', () => {
    const paused = facts({ pausedAt: T + 2_000 });
    expect(autopilotDueAt(paused)).toBeNull();
    expect(autopilotRemainingMs(paused)).toBe(3_000);
  });
  it('resumed: the time paused is added to the clock', () => {
    expect(autopilotDueAt(facts({ pausedMs: 7_000 }))).toBe(T + 12_000);
    expect(autopilotRemainingMs(facts({ pausedMs: 7_000 })), 'only while paused').toBeNull();
  });
  it('paused past its time: nothing left, never below 0', () => {
    expect(autopilotRemainingMs(facts({ pausedAt: T + 60_000 }))).toBe(0);
  });
  it('paused on a step the operator takes: no time left to show', () => {
    expect(autopilotRemainingMs(facts({ pausedAt: T + 1_000, settings: { ...ON, ranking_after_s: 0 } }))).toBeNull();
  });
});

describe('resolveAutopilotAction (the chart’s autopilot region)', () => {
  it.each([
    ['running', 'pause', 'apply'],
    ['paused', 'resume', 'apply'],
    ['paused', 'pause', 'already'],
    ['running', 'resume', 'already'],
    ['off', 'pause', 'refused'],
    ['off', 'resume', 'refused'],
  ] as const)('%s, %s → %s', (mode, action, outcome) => {
    expect(resolveAutopilotAction(mode, action)).toBe(outcome);
  });
});
