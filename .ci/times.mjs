#!/usr/bin/env node
/**
 * Each test pass's time per project, read from the JSON reports .ci/run has vitest write: the files'
 * summed time (a project's files share the two workers with the other projects' files, so these add up
 * to more than the pass's wall time) and its slowest files, so a project or a file that grew shows in
 * CI's output. Usage: node .ci/times.mjs <pass title>=<report.json> ...
 */
import fs from 'node:fs';
import path from 'node:path';

const projectOf = (file) => {
  const relative = path.relative(process.cwd(), file);
  if (relative.startsWith('tests/api/')) return 'api';
  if (relative.startsWith('tests/e2e/')) return 'e2e';
  return 'unit';
};

for (const argument of process.argv.slice(2)) {
  const [title, file] = argument.split(/=(.*)/s);
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const projects = new Map();
  for (const result of report.testResults ?? []) {
    const seconds = Math.max(0, (result.endTime - result.startTime) / 1000);
    const project = projectOf(result.name);
    const entry = projects.get(project) ?? { seconds: 0, files: [] };
    entry.seconds += seconds;
    entry.files.push({ name: path.relative(process.cwd(), result.name), seconds, failed: result.status !== 'passed' });
    projects.set(project, entry);
  }
  console.log(`-- ${title}`);
  for (const [project, { seconds, files }] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
    const slowest = files.sort((a, b) => b.seconds - a.seconds).slice(0, 3);
    const failed = files.filter((entry) => entry.failed).length;
    console.log(
      `${Math.round(seconds).toString().padStart(6)} s  ${project}: ${files.length} files${failed ? `, ${failed} not passed` : ''}; slowest ${slowest.map((entry) => `${entry.name} ${Math.round(entry.seconds)} s`).join(', ')}`,
    );
  }
}
