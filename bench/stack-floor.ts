#!/usr/bin/env node
/**
 * `npm run bench:floor`: how much gzipped JavaScript the back office's chosen stack costs a page before
 * any screen of its own: bench/stack-floor/main.tsx (React, Chakra UI with the app's system, i18next,
 * React Router, XState with the session statechart) built by Vite with the app's production settings,
 * in one file. Prints the file's gzipped size and each package's share (its code in the bundle,
 * minified by esbuild and gzipped on its own, so the shares add up to a little more than the file), beside the targets of issue 18 (back office
 * pages ≤ 180 KB) and, when a build is there (dist/, or the folder given), the pages' own figures from
 * `npm run size`. Nothing is asserted: a figure to reason about budgets with.
 * Usage: npm run bench:floor [-- <dist folder>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { build, type Plugin } from 'vite';
import { measurePages } from '../scripts/size';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-floor-'));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

/** The package a module belongs to (its folder under node_modules), or the app's own folder. */
function owner(id: string): string {
  const at = id.lastIndexOf('node_modules/');
  if (at < 0) return path.relative(root, id.split('?')[0]!).split(path.sep).slice(0, 2).join('/') || id;
  const [scope, name] = id.slice(at + 'node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

const code = new Map<string, string[]>();
const byPackage: Plugin = {
  name: 'code-by-package',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(file.modules)) {
        if (!module.code) continue;
        const key = owner(id);
        code.set(key, [...(code.get(key) ?? []), module.code]);
      }
    }
  },
};

await build({
  configFile: false,
  logLevel: 'warn',
  root: path.join(root, 'bench/stack-floor'),
  plugins: [react(), byPackage],
  resolve: { alias: { '@': `${root}src`, '@machines': `${root}machines`, '@openapi': `${root}openapi` } },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000, rolldownOptions: { output: { codeSplitting: false } } },
});

const scripts = fs.readdirSync(path.join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
const total = scripts.reduce((sum, name) => sum + gzip(fs.readFileSync(path.join(outDir, 'assets', name), 'utf8')), 0);
console.log(`bench:floor — the chosen stack's smallest back-office page (bench/stack-floor/main.tsx), ${scripts.length} file(s)`);
console.log(`  ${kb(total)} KB gzipped (target of a back-office page: 180 KB; ${kb(180 * 1024 - total)} KB left for the page's own code)\n`);
const minified = (parts: string[]) => transformSync(parts.join('\n'), { minify: true, format: 'esm', loader: 'js' }).code;
const rows = [...code].map(([key, parts]) => [key, gzip(minified(parts))] as const).sort((a, b) => b[1] - a[1]);
console.log('  minified and gzipped on its own  package');
for (const [key, bytes] of rows) if (bytes >= 300) console.log(`  ${kb(bytes).padStart(8)} KB                       ${key.trim()}`);

const dist = process.argv[2] ?? path.join(root, 'dist');
if (fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
  console.log(`\n  the pages of the build in ${path.relative(root, dist) || dist} (npm run size), and what each adds to the floor:`);
  for (const page of measurePages(dist)) {
    if (!page.name.startsWith('back office')) continue;
    console.log(`  ${page.name.padEnd(24)} ${kb(page.gzipBytes).padStart(6)} KB   +${kb(page.gzipBytes - total)} KB`);
  }
}
fs.rmSync(outDir, { recursive: true, force: true });
