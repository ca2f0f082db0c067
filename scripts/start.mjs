#!/usr/bin/env node
/**
 * `npm start`: builds only when the build is missing or older than its sources, then runs the
 * compiled server (build/server/main.js) in this process with plain `node`, no tsx.
 * The build is the SPA (dist/, vite) and the server (build/server/, scripts/build-server.mjs), both
 * made by `npm run build`. Its sources, and when a build is stale: scripts/build-state.mjs.
 * Without the dev dependencies (`npm ci --omit=dev`) nothing can be built here: a build present is
 * started as it is (with a warning if it looks older than the sources), a missing one is an error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { at, hasTestSeam, root, staleReason } from './build-state.mjs';

const outputs = [at('build', 'server', 'main.js'), at('dist', 'index.html'), at('dist', 'play.html'), at('dist', 'quiz.html')];

// A dist/ that `npm test` built carries the browser tests' seam: production gets a build without it.
const reason = staleReason(outputs) ?? (hasTestSeam() ? 'dist/ is the test build' : null);
if (reason) {
  const canBuild = fs.existsSync(at('node_modules', 'vite')) && fs.existsSync(at('node_modules', 'esbuild'));
  if (canBuild) {
    console.log(`Building (${reason}) …`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('\nThe build failed (see above); the server was not started.');
      process.exit(result.status ?? 1);
    }
  } else if (fs.existsSync(outputs[0])) {
    console.warn(`Starting the existing build although ${reason}: the build tools (dev dependencies) are not installed here. Run \`npm run build\` where they are.`);
  } else {
    console.error(`Cannot start: ${reason}, and the build tools (dev dependencies) are not installed here. Run \`npm ci && npm run build\` first (then \`npm ci --omit=dev\` if you want to drop the build tools).`);
    process.exit(1);
  }
}

// Under `npm start`, npm runs this through a shell and does not pass a SIGTERM sent to npm on: npm
// exits and the server would run on, orphaned. So when the npm that started it is gone, the server
// stops as if it had the SIGTERM itself. (A process manager should run `node build/server/main.js`.)
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

await import(pathToFileURL(outputs[0]).href);
