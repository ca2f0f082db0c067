/**
 * Is a build up to date? One answer for `npm start` (scripts/start.mjs: the SPA and the compiled
 * server) and `npm test` (scripts/test-build.mjs: the SPA the tests serve): a build is stale when one
 * of its outputs is missing or older than the newest of its sources — src/, machines/, openapi/,
 * public/, the HTML entries, the build's configuration and package-lock.json (a dependency changed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const at = (...parts) => path.join(root, ...parts);

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

/** Why these outputs need a build (null: all there and newer than every source). */
export function staleReason(outputs) {
  const missing = outputs.find((file) => !fs.existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  const source = newestSource();
  return source.time > built ? `${path.relative(root, source.file)} changed since the last build` : null;
}

/**
 * Whether the SPA in dist/ is the test build: its back-office entry (the chunk or one it imports)
 * carries the browser tests' seam `__ltbo` (vite.config.ts, testSeam), which only `npm test` and
 * `vite build --mode e2e` compile in.
 */
export function hasTestSeam(manifest = at('dist', '.vite', 'manifest.json')) {
  if (!fs.existsSync(manifest)) return false;
  const chunks = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  const entry = chunks['index.html'];
  if (!entry) return false;
  const files = [entry.file, ...(entry.imports ?? []).map((key) => chunks[key]?.file)].filter(Boolean);
  return files.some((file) => fs.existsSync(at('dist', file)) && fs.readFileSync(at('dist', file), 'utf8').includes('__ltbo'));
}
