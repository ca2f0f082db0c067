#!/usr/bin/env node
/**
 * `npm start`: builds only when the build is missing or older than its sources, then runs the
 * compiled server (build/server/main.js) in this process with plain `node`, no tsx.
 * The build is the SPA (dist/, vite) and the server (build/server/, scripts/build-server.mjs), both
 * made by `npm run build`. Its sources: src/, machines/, openapi/, public/, the HTML entries, the
 * build's configuration and package-lock.json (a dependency changed).
 * Without the dev dependencies (`npm ci --omit=dev`) nothing can be built here: a build present is
 * started as it is (with a warning if it looks older than the sources), a missing one is an error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

const outputs = [at('build', 'server', 'main.js'), at('dist', 'index.html'), at('dist', 'play.html'), at('dist', 'quiz.html')];
const sourceFolders = ['src', 'machines', 'openapi', 'public'].map((folder) => at(folder));
const sourceFiles = ['index.html', 'play.html', 'quiz.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.mjs'].map((file) => at(file));

/** The newest modification time under the sources (ms), and which file it is. */
function newestSource() {
  let newest = { time: 0, file: '' };
  const consider = (file) => {
    const time = fs.statSync(file).mtimeMs;
    if (time > newest.time) newest = { time, file };
  };
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) consider(full);
    }
  };
  for (const folder of sourceFolders) if (fs.existsSync(folder)) walk(folder);
  for (const file of sourceFiles) if (fs.existsSync(file)) consider(file);
  return newest;
}

/** Why a build is needed (null: the build is there and newer than every source). */
function staleReason() {
  const missing = outputs.find((file) => !fs.existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  const source = newestSource();
  return source.time > built ? `${path.relative(root, source.file)} changed since the last build` : null;
}

const reason = staleReason();
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
