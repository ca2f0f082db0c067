/** How `npm run machines:paths` judges a machine's coverage (scripts/machine-paths.ts). */
import { describe, expect, it } from 'vitest';
import { browserGaps, chromiumReportOf, mergeRegions, reportOf } from '../../scripts/machine-paths';

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

describe('beside it, the replay in Chromium', () => {
  const browser = {
    ...coverage,
    paths: 2,
    selected: 2,
    replayedIn: 'chromium' as const,
    statesVisited: ['idle', 'busy'],
    transitionsTaken: ['starting --(always)--> idle', 'idle --go--> busy'],
    notInBrowser: [{ transition: '(machine) --reset--> idle', reason: 'no user can reset it' }],
  };

  it('has no browser figures when no browser report was written', () => {
    expect(reportOf(coverage).chromium).toBeNull();
  });

  it('counts the browser separately from the model', () => {
    const report = reportOf(coverage, browser);
    expect(report.replayed).toEqual({ machine: 3, browser: 2 });
    expect(report.transitions.covered).toBe(3);
    expect(report.chromium?.transitions).toEqual({
      total: 4,
      covered: 2,
      notCovered: ['busy --xstate.done.actor.work--> done', '(machine) --reset--> idle'],
    });
    expect(report.chromium?.states.notCovered).toEqual(['done']);
  });

  it('leaves out of the gaps what the adapter lists as not in the browser, and nothing else', () => {
    const gaps = browserGaps(chromiumReportOf(browser));
    expect(gaps.transitions).toEqual(['busy --xstate.done.actor.work--> done']);
    expect(gaps.states).toEqual(['done']);
  });

  it('merges a replay split by region into the machine: the union of what each region covered, a missing region named', () => {
    const region = (name: string, statesVisited: string[], transitionsTaken: string[]) => ({
      ...browser,
      paths: 1,
      selected: 1,
      statesVisited,
      transitionsTaken,
      region: { name, all: ['flow', 'lease', 'rehearsal'], selectedAll: 4 },
    });
    const merged = chromiumReportOf(
      mergeRegions([region('flow', ['idle'], ['starting --(always)--> idle']), region('lease', ['busy'], ['idle --go--> busy', 'starting --(always)--> idle'])]),
    );
    expect(merged.paths).toEqual({ selected: 4, replayed: 2 });
    expect(merged.transitions.notCovered).toEqual(['busy --xstate.done.actor.work--> done', '(machine) --reset--> idle']);
    expect(merged.states.notCovered).toEqual(['done']);
    expect(merged.regionsMissing).toEqual(['rehearsal']);
  });
});
