#!/usr/bin/env node
/**
 * The compiled server: src/server/main.ts bundled by esbuild into build/server/main.js (ESM, Node 20),
 * so production runs plain `node` without tsx or any dev dependency. Packages stay external (they
 * are the production dependencies in node_modules); the repository's own code, machines/ included,
 * is bundled. A module loaded only when needed (the S3 store) stays a chunk of its own beside main.js,
 * so its SDK is not loaded at every start. The thread reading imported sheets is an entry of its own,
 * build/server/sheet-worker.js, its code shared with main.js through chunks.
 * The files the server reads at run time are copied beside it (src/server/runtime-files.ts): the
 * migrations and the two contracts (as YAML, as JSON read at start, and the routes the OpenAPI glue makes
 * of them). build/ is never served (the SPA is in dist/, STATIC_DIR).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = path.join(root, 'build', 'server');

const started = performance.now();
fs.rmSync(outdir, { recursive: true, force: true });
const options = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  // Stack traces name the source files (node --enable-source-maps), and the log's err.stack too.
  sourcesContent: false,
  define: { __SERVER_BUNDLE__: 'true' },
  logLevel: 'warning',
};
await build({
  ...options,
  // The task of the threads that read imported sheets (src/server/lib/sheet/index.ts's pool loads it by this name).
  entryPoints: { main: 'src/server/main.ts', 'sheet-worker': 'src/server/lib/sheet/worker.ts' },
  splitting: true,
  // Chunks beside main.js, not in a subfolder: a module's import.meta.url is its chunk's address.
  chunkNames: '[name]-[hash]',
});
fs.cpSync(path.join(root, 'src', 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
fs.mkdirSync(path.join(outdir, 'openapi'));
for (const name of ['admin-api', 'play-api']) {
  const yaml = fs.readFileSync(path.join(root, 'openapi', `${name}.yaml`), 'utf8');
  fs.writeFileSync(path.join(outdir, 'openapi', `${name}.yaml`), yaml);
  // Read at start instead of the YAML: parsing the YAML would cost about half a second there.
  fs.writeFileSync(path.join(outdir, 'openapi', `${name}.json`), JSON.stringify(parse(yaml)));
}

// The routes fastify-openapi-glue makes of each contract, derived once here instead of at every start
// (src/server/contract/routes.ts), by the compiled code itself so they are what it will register.
await build({ ...options, entryPoints: { 'route-tables': 'src/server/contract/routes.ts' }, sourcemap: false });
const tables = path.join(outdir, 'route-tables.js');
await (await import(pathToFileURL(tables).href)).writeRouteTables();
fs.rmSync(tables);

const bytes = fs.readdirSync(outdir).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + fs.statSync(path.join(outdir, f)).size, 0);
console.log(`server built: build/server/main.js (${Math.round(bytes / 1024)} KB of JavaScript) in ${Math.round(performance.now() - started)} ms`);
