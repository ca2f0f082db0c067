/** How `npm run machines:paths` judges a machine's coverage (scripts/machine-paths.ts). */
import { describe, expect, it } from 'vitest';
import { reportOf } from '../../scripts/machine-paths';

const coverage = {
  machine: 'sample',
  paths: 3,
  replayedIn: 'machine' as const,
  states: ['starting', 'idle', 'busy', 'done'],
  statesVisited: ['idle', 'busy'],
  transitions: ['starting --(always)--> idle', 'idle --go--> busy', 'busy --xstate.done.actor.work--> done', '(machine) --reset--> idle'],
  transitionsTaken: ['starting --(always)--> idle', 'idle --go--> busy', '(machine) --reset--> idle'],
};

describe('a machine coverage report', () => {
  it('counts a state a path only passes through (a transition taken from it) as covered', () => {
    expect(reportOf(coverage).states).toEqual({ total: 4, covered: 3, notCovered: ['done'] });
  });

  it('lists the transitions no replayed path took', () => {
    expect(reportOf(coverage).transitions).toEqual({ total: 4, covered: 3, notCovered: ['busy --xstate.done.actor.work--> done'] });
  });

  it('says how many paths were replayed against the machine and in Chromium', () => {
    expect(reportOf(coverage).replayed).toEqual({ machine: 3, browser: 0 });
  });
});
