/**
 * `npm run machines:paths`: the path coverage of every statechart in machines/, as a table per
 * machine and a JSON report; exits 1 when a state or a transition of any machine is not covered.
 *
 * The paths are the ones the model-based tests in tests/machines generate with xstate/graph
 * (shortest paths from each start the machine can be loaded at) and replay against the machine as
 * a real actor with its calls faked; this command runs those tests with MACHINE_COVERAGE_DIR set,
 * so each writes what it covered (tests/machines/support/coverage-report.ts), and reads the result.
 * A state counts as covered when a path rests in it or passes through it (a transition taken from
 * it: transient states such as `restoring` never rest); a transition when a replayed path took it.
 *
 *   npm run machines:paths                     # table, report at coverage/machine-paths.json
 *   npm run machines:paths -- --out report.json
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MachineCoverage } from '../tests/machines/support/coverage-report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const MACHINES = ['session', 'game', 'question', 'player', 'connection'];

export interface MachineReport {
  machine: string;
  paths: number;
  replayed: { machine: number; browser: number };
  states: { total: number; covered: number; notCovered: string[] };
  transitions: { total: number; covered: number; notCovered: string[] };
}

/** The source state of a transition label (`source --event--> target`). */
const sourceOf = (label: string): string => {
  const source = label.slice(0, label.indexOf(' --'));
  return source === '(machine)' ? '' : source;
};

export function reportOf(coverage: MachineCoverage): MachineReport {
  const taken = new Set(coverage.transitionsTaken);
  const covered = new Set([...coverage.statesVisited, ...coverage.transitionsTaken.map(sourceOf)]);
  const statesNot = coverage.states.filter((state) => !covered.has(state));
  const transitionsNot = coverage.transitions.filter((label) => !taken.has(label));
  return {
    machine: coverage.machine,
    paths: coverage.paths,
    // Every generated path is replayed against the machine; none is replayed in Chromium yet.
    replayed: { machine: coverage.paths, browser: 0 },
    states: { total: coverage.states.length, covered: coverage.states.length - statesNot.length, notCovered: statesNot },
    transitions: { total: coverage.transitions.length, covered: coverage.transitions.length - transitionsNot.length, notCovered: transitionsNot },
  };
}

function main(): number {
  const outIndex = process.argv.indexOf('--out');
  const out = path.resolve(outIndex > 0 ? process.argv[outIndex + 1]! : path.join(root, 'coverage', 'machine-paths.json'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-coverage-'));
  try {
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'tests/machines'], {
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
      reports.push(reportOf(JSON.parse(fs.readFileSync(file, 'utf8')) as MachineCoverage));
    }

    console.log('\nPath coverage of the statecharts (paths from xstate/graph, replayed by tests/machines)\n');
    console.table(
      reports.map((r) => ({
        machine: r.machine,
        paths: r.paths,
        'replayed: machine': r.replayed.machine,
        'replayed: Chromium': r.replayed.browser,
        states: `${r.states.covered}/${r.states.total}`,
        transitions: `${r.transitions.covered}/${r.transitions.total}`,
      })),
    );
    for (const r of reports) {
      for (const state of r.states.notCovered) console.log(`${r.machine}: state not covered: ${state}`);
      for (const transition of r.transitions.notCovered) console.log(`${r.machine}: transition not covered: ${transition}`);
    }
    for (const machine of missing) console.log(`${machine}: no coverage written (its model-based test did not run to its coverage check)`);

    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify({ generatedAt: new Date().toISOString(), machines: reports }, null, 2)}\n`);
    console.log(`\nreport: ${path.relative(root, out) || out}`);

    const uncovered = reports.some((r) => r.states.notCovered.length > 0 || r.transitions.notCovered.length > 0);
    if (run.status !== 0) console.log(`the machine tests failed (exit ${run.status})`);
    return uncovered || missing.length > 0 || run.status !== 0 ? 1 : 0;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) process.exitCode = main();
