/** How the Chromium replays choose their paths (tests/e2e/replay/support/replay.ts, selectPaths). */
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { questionMachine } from '@machines/question/question.machine';
import { definedTransitions } from '../machines/support/model';
import { definedEventTypes, selectPaths, type ReplayAdapter } from '../e2e/replay/support/replay';

/** A small chart with an eventless, a delayed, a guarded and a self transition. */
const door = setup({
  types: { context: {} as { locked: boolean; knocks: number }, input: {} as { locked: boolean } },
  guards: { locked: ({ context }) => context.locked },
}).createMachine({
  id: 'door',
  context: ({ input }) => ({ locked: input.locked, knocks: 0 }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'locked', target: 'locked' }, { target: 'closed' }] },
    locked: { on: { unlock: 'closed' } },
    closed: { on: { open: 'opened', knock: { actions: assign({ knocks: ({ context }) => context.knocks + 1 }) } } },
    opened: { after: { 1000: 'closed' }, on: { close: 'closed', slam: 'locked' } },
  },
});

type DoorEvent = { type: 'unlock' | 'open' | 'knock' | 'close' | 'slam' | 'xstate.after.1000.door.opened' };
const EVENTS: DoorEvent[] = ['unlock', 'open', 'knock', 'close', 'slam', 'xstate.after.1000.door.opened'].map((type) => ({ type }) as DoorEvent);

const adapter = (notInBrowser: ReplayAdapter<null, DoorEvent, { locked: boolean }>['notInBrowser'] = []): ReplayAdapter<null, DoorEvent, { locked: boolean }> => ({
  machine: 'door',
  definition: door,
  starts: [
    { name: 'unlocked', input: { locked: false } },
    { name: 'locked', input: { locked: true } },
  ],
  modelEvents: EVENTS,
  open: async () => null,
  events: {},
  states: {},
  notInBrowser,
});

const taken = (chosen: ReturnType<typeof selectPaths>['chosen']) =>
  new Set(chosen.flatMap((path) => [...path.initialTransitions, ...path.steps.flatMap((step) => step.transitions)]));

describe('the paths chosen for the browser', () => {
  it('take every transition of the chart, eventless and delayed ones included, with fewer paths than generated', () => {
    const { candidates, chosen } = selectPaths(adapter());
    expect([...definedTransitions(door).values()].filter((label) => !taken(chosen).has(label))).toEqual([]);
    expect(chosen.length).toBeLessThan(candidates);
  });

  it('are the same on every run', () => {
    expect(selectPaths(adapter()).chosen.map((path) => path.name)).toEqual(selectPaths(adapter()).chosen.map((path) => path.name));
  });

  it('never take a transition listed as not in the browser, and still take the others', () => {
    const slam = 'opened --slam--> locked';
    const { chosen } = selectPaths(adapter([{ transition: slam, reason: 'test' }]));
    expect(taken(chosen).has(slam)).toBe(false);
    const others = [...definedTransitions(door).values()].filter((label) => label !== slam);
    expect(others.filter((label) => !taken(chosen).has(label))).toEqual([]);
  });

  it('name each step with the transitions it takes, the eventless ones after it included', () => {
    const { chosen } = selectPaths(adapter());
    const fromLocked = chosen.find((path) => path.start.name === 'locked')!;
    expect(fromLocked.initialTransitions).toEqual(['starting --(always)#1 [locked]--> locked']);
  });

  it('list the event types an adapter must act on (eventless ones need no action)', () => {
    expect([...definedEventTypes(door).keys()]).toEqual(['close', 'knock', 'open', 'slam', 'unlock', 'xstate.after.1000.door.opened']);
    expect([...definedEventTypes(questionMachine).keys()]).toContain('xstate.after.tick.question.shown.countdown.running');
  });
});
