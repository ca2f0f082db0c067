/**
 * A chart of parallel regions searched one region at a time (tests/e2e/replay/support/replay.ts,
 * selectPaths): each start may carry its own events and vertex key; the greedy cover picks across the
 * starts. Also: the pure stepper of a chart that invokes children with a system id, and that spawns
 * machines of its own (the game machine does both), steps from the same system more than once.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import { gameMachine } from '@machines/game/game.machine';
import { definedTransitions } from '../machines/support/model';
import { selectPaths, type ReplayAdapter } from '../e2e/replay/support/replay';
import { describeEvent, STARTS, type GameInput, type ModelEvent } from '../e2e/replay/support/game-model';

/** Two independent regions: a light (off / on) and a counter (0, 1, 2). */
const panel = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'toggle' } | { type: 'add' } | { type: 'reset' } },
  guards: { below2: ({ context }) => context.count < 2 },
}).createMachine({
  id: 'panel',
  type: 'parallel',
  context: { count: 0 },
  states: {
    light: { initial: 'off', states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } } },
    counter: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            add: { guard: 'below2', actions: assign({ count: ({ context }) => context.count + 1 }) },
            reset: { actions: assign({ count: 0 }) },
          },
        },
      },
    },
  },
});
type PanelEvent = { type: 'toggle' } | { type: 'add' } | { type: 'reset' };

const adapter = (starts: ReplayAdapter<null, PanelEvent, null>['starts']): ReplayAdapter<null, PanelEvent, null> => ({
  machine: 'panel',
  definition: panel,
  starts,
  open: async () => null,
  events: {},
  states: {},
});
const taken = (chosen: ReturnType<typeof selectPaths>['chosen']) =>
  new Set(chosen.flatMap((path) => [...path.initialTransitions, ...path.steps.flatMap((step) => step.transitions)]));

describe('a search per region', () => {
  it("uses each start's own events and vertex key, and covers every transition across the starts", () => {
    const light: PanelEvent[] = [{ type: 'toggle' }];
    const counter: PanelEvent[] = [{ type: 'add' }, { type: 'reset' }];
    const { chosen } = selectPaths(
      adapter([
        // Each state reached by each event: every transition ends some shortest path.
        { name: 'the light', input: null, modelEvents: light, serializeState: (s: AnyMachineSnapshot, e) => `${JSON.stringify(s.value)} via ${e?.type}` },
        { name: 'the counter', input: null, modelEvents: () => counter, serializeState: (s: AnyMachineSnapshot, e) => `count=${(s.context as { count: number }).count} via ${e?.type}` },
      ]),
    );
    expect([...definedTransitions(panel).values()].filter((label) => !taken(chosen).has(label))).toEqual([]);
    for (const path of chosen) {
      const types = new Set(path.steps.map((step) => step.event.type));
      if (path.start.name === 'the light') expect([...types]).toEqual(['toggle']);
      else expect(types.has('toggle')).toBe(false);
    }
  });

  it("falls back to the adapter's events, and says so when there are none", () => {
    const withEvents = { ...adapter([{ name: 'both', input: null }]), modelEvents: [{ type: 'toggle' }, { type: 'add' }] as PanelEvent[] };
    expect(selectPaths(withEvents).chosen.length).toBeGreaterThan(0);
    expect(() => selectPaths(adapter([{ name: 'nothing offered', input: null }]))).toThrow(/no modelEvents for the start "nothing offered"/);
  });

  it("searches the game chart's regions (flow, lease, rehearsal) in seconds, every transition but two taken", () => {
    const game: ReplayAdapter<null, ModelEvent, GameInput> = {
      machine: 'game',
      definition: gameMachine,
      starts: STARTS,
      describeEvent,
      open: async () => null,
      events: {},
      states: {},
    };
    const { chosen } = selectPaths(game);
    const missing = [...definedTransitions(gameMachine).values()].filter((label) => !taken(chosen).has(label));
    // No screen goes without a screen id in the browser.
    expect(missing).toEqual(['rights.deciding --(always)#1 [withoutLease]--> rights.controlling']);
    expect(new Set(chosen.map((path) => path.start.name))).toEqual(new Set(STARTS.map((start) => start.name)));
  }, 90_000);
});
