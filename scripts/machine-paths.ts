/**
 * `npm run machines:paths`: the path coverage of every statechart in machines/, as a table per
 * machine and a JSON report, in the model and in Chromium; exits 1 when a state or a transition of any
 * machine is not covered by the model, or when a browser report is present and leaves one uncovered
 * that its adapter does not list as `notInBrowser`.
 *
 * Model: the paths are the ones the model-based tests in tests/machines generate with xstate/graph
 * (shortest paths from each start the machine can be loaded at) and replay against the machine as
 * a real actor with its calls faked; this command runs those tests with MACHINE_COVERAGE_DIR set,
 * so each writes what it covered (tests/machines/support/coverage-report.ts), and reads the result.
 * A state counts as covered when a path rests in it or passes through it (a transition taken from
 * it: transient states such as `restoring` never rest); a transition when a replayed path took it.
 *
 * Chromium: the replays in tests/e2e/replay (tests/e2e/replay/support/replay.ts) run inside `npm test`
 * and write <machine>.chromium.json to MACHINE_COVERAGE_DIR, or coverage/machine-replay/ when it is
 * unset — a replay split by region writes <machine>.<region>.chromium.json per region, merged here
 * (a region whose report is missing leaves its paths unreplayed) —; this command reads them from the
 * same place and does not run them again. A machine without
 * a browser report shows "-" (not replayed in this checkout). Run it after `npm test` (CI does).
 *
 *   npm run machines:paths                     # table, report at coverage/machine-paths.json
 *   npm run machines:paths -- --out report.json
 *   npm run machines:paths -- --reuse          # model reports from the last `npm test` run with
 *                                              # MACHINE_COVERAGE_DIR set (CI), not run again
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MachineCoverage } from '../tests/machines/support/coverage-report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const MACHINES = ['session', 'game', 'question', 'player', 'connection'];

/** A browser report (tests/e2e/replay/support/replay.ts writes it): the model's shape and what Chromium left out on purpose. */
export interface BrowserCoverage extends Omit<MachineCoverage, 'replayedIn'> {
  replayedIn: 'chromium';
  selected?: number;
  notInBrowser?: Array<{ transition: string; reason: string }>;
  generatedAt?: string;
  /** A region's report: its name, every region of the machine, the paths chosen across them. */
  region?: { name: string; all: string[]; selectedAll: number };
  /** Merged from regions: the regions without a report. */
  regionsMissing?: string[];
}

export interface ChromiumReport {
  /** Paths chosen for the browser and how many were replayed to their end. */
  paths: { selected: number; replayed: number };
  states: { total: number; covered: number; notCovered: string[] };
  transitions: { total: number; covered: number; notCovered: string[] };
  /** Transitions the adapter says a browser cannot cause, with why (not counted as missing). */
  notInBrowser: Array<{ transition: string; reason: string }>;
  generatedAt: string | null;
  /** A replay split by region: the regions whose report is missing. */
  regionsMissing: string[];
}

export interface MachineReport {
  machine: string;
  paths: number;
  replayed: { machine: number; browser: number };
  states: { total: number; covered: number; notCovered: string[] };
  transitions: { total: number; covered: number; notCovered: string[] };
  /** What the replay in Chromium covered; null when no browser report was found. */
  chromium: ChromiumReport | null;
}

/** Where the browser reports are read from: the directory the replays wrote to (replay.ts DEFAULT_REPLAY_DIR). */
export const replayDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.MACHINE_COVERAGE_DIR ? path.resolve(env.MACHINE_COVERAGE_DIR) : path.join(root, 'coverage', 'machine-replay');

/** The source state of a transition label (`source --event--> target`). */
const sourceOf = (label: string): string => {
  const source = label.slice(0, label.indexOf(' --'));
  return source === '(machine)' ? '' : source;
};

function covering(coverage: Pick<MachineCoverage, 'states' | 'statesVisited' | 'transitions' | 'transitionsTaken'>) {
  const taken = new Set(coverage.transitionsTaken);
  const covered = new Set([...coverage.statesVisited, ...coverage.transitionsTaken.map(sourceOf)]);
  const statesNot = coverage.states.filter((state) => !covered.has(state));
  const transitionsNot = coverage.transitions.filter((label) => !taken.has(label));
  return {
    states: { total: coverage.states.length, covered: coverage.states.length - statesNot.length, notCovered: statesNot },
    transitions: { total: coverage.transitions.length, covered: coverage.transitions.length - transitionsNot.length, notCovered: transitionsNot },
  };
}

export function chromiumReportOf(browser: BrowserCoverage): ChromiumReport {
  return {
    paths: { selected: browser.selected ?? browser.paths, replayed: browser.paths },
    ...covering(browser),
    notInBrowser: browser.notInBrowser ?? [],
    generatedAt: browser.generatedAt ?? null,
    regionsMissing: browser.regionsMissing ?? [],
  };
}

/** The model's coverage of a machine, with the browser's beside it when a browser report exists. */
export function reportOf(coverage: MachineCoverage, browser: BrowserCoverage | null = null): MachineReport {
  return {
    machine: coverage.machine,
    paths: coverage.paths,
    // Every generated path is replayed against the machine; the browser replays the chosen ones.
    replayed: { machine: coverage.paths, browser: browser?.paths ?? 0 },
    ...covering(coverage),
    chromium: browser ? chromiumReportOf(browser) : null,
  };
}

/** What Chromium leaves uncovered that its adapter does not list as notInBrowser (a state only reached by those counts as listed). */
export function browserGaps(report: ChromiumReport): { states: string[]; transitions: string[] } {
  const listed = new Set(report.notInBrowser.map((entry) => entry.transition));
  const listedTargets = new Set(
    report.notInBrowser.flatMap((entry) => (entry.transition.split('--> ')[1] ?? '').split(',').map((target) => target.trim())),
  );
  return {
    states: report.states.notCovered.filter((state) => !listedTargets.has(state)),
    transitions: report.transitions.notCovered.filter((label) => !listed.has(label)),
  };
}

/**
 * A machine's replay as one report: the regions' reports merged (states visited and transitions
 * taken: their union; paths replayed: their sum; chosen: across all regions); the regions it lacks
 * are named (their paths were not replayed).
 */
export function mergeRegions(reports: BrowserCoverage[]): BrowserCoverage {
  const [first] = reports;
  if (!first?.region) throw new Error('mergeRegions: no region report');
  const visited = new Set(reports.flatMap((r) => r.statesVisited));
  const taken = new Set(reports.flatMap((r) => r.transitionsTaken));
  const present = new Set(reports.map((r) => r.region?.name));
  const { region, ...whole } = first;
  return {
    ...whole,
    paths: reports.reduce((sum, r) => sum + r.paths, 0),
    selected: region.selectedAll,
    statesVisited: first.states.filter((state) => visited.has(state)),
    transitionsTaken: first.transitions.filter((label) => taken.has(label)),
    generatedAt: reports.map((r) => r.generatedAt ?? '').sort()[0],
    regionsMissing: region.all.filter((name) => !present.has(name)),
  };
}

function readBrowserReport(dir: string, machine: string): BrowserCoverage | null {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as BrowserCoverage;
  const regions = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.startsWith(`${machine}.`) && file.endsWith('.chromium.json') && file !== `${machine}.chromium.json`) : [];
  // The regions' reports, when the replay is split (a whole report left from before the split is not mixed in).
  const fromRegions = regions.map(read).filter((r) => r.region !== undefined);
  if (fromRegions.length > 0) return mergeRegions(fromRegions);
  const file = path.join(dir, `${machine}.chromium.json`);
  return fs.existsSync(file) ? read(`${machine}.chromium.json`) : null;
}

function main(): number {
  const outIndex = process.argv.indexOf('--out');
  const out = path.resolve(outIndex > 0 ? process.argv[outIndex + 1]! : path.join(root, 'coverage', 'machine-paths.json'));
  const browserDir = replayDir();
  // --reuse: the model tests already ran in this checkout's `npm test` with MACHINE_COVERAGE_DIR set
  // (CI does), and wrote their reports beside the browser's: read those instead of running them again.
  const reuse = process.argv.includes('--reuse') && MACHINES.every((machine) => fs.existsSync(path.join(browserDir, `${machine}.json`)));
  if (process.argv.includes('--reuse') && !reuse) console.log(`--reuse: the model reports are not all in ${browserDir}; running the model tests`);
  const dir = reuse ? browserDir : fs.mkdtempSync(path.join(os.tmpdir(), 'machine-coverage-'));
  try {
    const run = reuse
      ? { status: 0 }
      : spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'tests/machines'], {
          cwd: root,
          env: { ...process.env, MACHINE_COVERAGE_DIR: dir },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
    const reports: MachineReport[] = [];
    const missing: string[] = [];
    for (const machine of MACHINES) {
      const file = path.join(dir, `${machine}.json`);
      if (!fs.existsSync(file)) {
        missing.push(machine);
        continue;
      }
      reports.push(reportOf(JSON.parse(fs.readFileSync(file, 'utf8')) as MachineCoverage, readBrowserReport(browserDir, machine)));
    }

    console.log('\nPath coverage of the statecharts (paths from xstate/graph; model: replayed by tests/machines; Chromium: by tests/e2e/replay)\n');
    console.table(
      reports.map((r) => ({
        machine: r.machine,
        paths: r.paths,
        'replayed: machine': r.replayed.machine,
        'replayed: Chromium': r.chromium ? `${r.chromium.paths.replayed}/${r.chromium.paths.selected}` : '-',
        'states: model': `${r.states.covered}/${r.states.total}`,
        'states: Chromium': r.chromium ? `${r.chromium.states.covered}/${r.chromium.states.total}` : '-',
        'transitions: model': `${r.transitions.covered}/${r.transitions.total}`,
        'transitions: Chromium': r.chromium ? `${r.chromium.transitions.covered}/${r.chromium.transitions.total}` : '-',
      })),
    );
    for (const r of reports) {
      for (const state of r.states.notCovered) console.log(`${r.machine}: state not covered by the model: ${state}`);
      for (const transition of r.transitions.notCovered) console.log(`${r.machine}: transition not covered by the model: ${transition}`);
    }
    for (const r of reports) {
      if (!r.chromium) continue;
      const gaps = browserGaps(r.chromium);
      for (const state of gaps.states) console.log(`${r.machine}: state not covered in Chromium: ${state}`);
      for (const transition of gaps.transitions) console.log(`${r.machine}: transition not covered in Chromium: ${transition}`);
      for (const entry of r.chromium.notInBrowser) console.log(`${r.machine}: not in the browser (${entry.reason}): ${entry.transition}`);
      for (const region of r.chromium.regionsMissing) console.log(`${r.machine}: no Chromium report of the region ${region}`);
    }
    const withoutBrowser = reports.filter((r) => !r.chromium).map((r) => r.machine);
    if (withoutBrowser.length > 0) console.log(`no Chromium report in ${path.relative(root, browserDir) || browserDir} for: ${withoutBrowser.join(', ')}`);
    for (const machine of missing) console.log(`${machine}: no coverage written (its model-based test did not run to its coverage check)`);

    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ generatedAt: new Date().toISOString(), machines: reports }, null, 2)}\n`);
    console.log(`\nreport: ${path.relative(root, out) || out}`);

    const uncovered = reports.some((r) => r.states.notCovered.length > 0 || r.transitions.notCovered.length > 0);
    const browserUncovered = reports.some((r) => {
      if (!r.chromium) return false;
      const gaps = browserGaps(r.chromium);
      return gaps.states.length > 0 || gaps.transitions.length > 0 || r.chromium.regionsMissing.length > 0;
    });
    if (browserUncovered) console.log('Chromium leaves states or transitions uncovered (see above)');
    if (run.status !== 0) console.log(`the machine tests failed (exit ${run.status})`);
    return uncovered || browserUncovered || missing.length > 0 || run.status !== 0 ? 1 : 0;
  } finally {
    if (!reuse) fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) process.exitCode = main();
