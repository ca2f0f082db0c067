#!/usr/bin/env node
/**
 * `npm test`'s build: the SPA in dist/ (`vite build`), which the end-to-end tests serve and the size
 * and compression tests read. A build `npm test` runs carries the browser tests' seam (vite.config.ts,
 * testSeam). Built only when missing, older than its sources (scripts/build-state.mjs, the rule
 * `npm start` uses) or made without the seam (by `npm run build`), so a second `npm test` on the same
 * sources — CI's PostgreSQL pass — reuses the first one's build. A failed build leaves no manifest
 * behind: the next run builds again.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { at, hasTestSeam, root, staleReason } from './build-state.mjs';

const manifest = at('dist', '.vite', 'manifest.json');

const reason = staleReason([at('dist', 'index.html'), at('dist', 'play.html'), at('dist', 'quiz.html'), manifest]) ?? (hasTestSeam(manifest) ? null : 'dist/ was built without the test seam');
if (!reason) {
  console.log('dist/ is a test build newer than its sources: the tests use it as it is.');
  process.exit(0);
}
console.log(`Building dist/ (${reason}) …`);
// Run as npm test's own step (npm_lifecycle_event=test): vite.config.ts then builds with the seam.
const result = spawnSync(process.execPath, [at('node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, npm_lifecycle_event: 'test' },
});
if (result.status !== 0) {
  fs.rmSync(manifest, { force: true });
  process.exit(result.status ?? 1);
}
