/**
 * One config for the SPA build (vite) and the tests (vitest).
 * Three entry pages, each its own bundle: the back office (index.html), the player page (play.html,
 * served under /play) and the quiz display (quiz.html, served under /quiz).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@': `${root}src`,
  '@machines': `${root}machines`,
  '@openapi': `${root}openapi`,
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every built text file of 1 KB or more, once at
 * build time; the server sends the one the browser accepts (@fastify/static's preCompressed).
 * Source maps are left alone (only developer tools fetch them).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const names = await fs.readdir(outDir, { recursive: true });
      const files = names.filter((name) => !name.startsWith('.') && /\.(js|mjs|css|html|svg|json|txt)$/.test(name)).map((name) => path.join(outDir, name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await fs.readFile(file);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzip(bytes, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The browser tests' seam (`window.__ltbo`, src/app/e2e-hooks.ts) exists only in the test build:
 * `vite build --mode e2e`, or any build that `npm test` runs (its scripts build for the end-to-end
 * tests). `import.meta.env.LTBO_TEST_SEAM` is replaced at build time, so every other build drops the
 * seam's code, and this plugin fails such a build if `__ltbo` is still in a chunk.
 */
function testSeam(): Plugin {
  let enabled = false;
  let mode = '';
  return {
    name: 'test-seam',
    config(_config, env) {
      mode = env.mode;
      enabled = env.command === 'build' && (env.mode === 'e2e' || process.env.npm_lifecycle_event === 'test');
      return { define: { 'import.meta.env.LTBO_TEST_SEAM': JSON.stringify(enabled) } };
    },
    generateBundle(_options, bundle) {
      if (enabled) return;
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.code.includes('__ltbo')) this.error(`${file.fileName} carries the test seam __ltbo outside the test build (mode ${mode})`);
      }
    },
  };
}

const SET = 'react-icons/lu';
const BARREL = '\0icons:lu';
const ICON = '\0icons:lu/';

/** name → that icon's function, as the package writes it. */
async function readIcons(): Promise<Map<string, string>> {
  // The set's ES module: beside the CommonJS file the package's `require` condition names.
  const file = path.join(path.dirname(createRequire(import.meta.url).resolve(SET)), 'index.mjs');
  const source = await fs.readFile(file, 'utf8');
  const icons = new Map<string, string>();
  for (const match of source.matchAll(/^export function (\w+) \(props\) \{\n {2}return GenIcon\(.*\)\(props\);\n\};$/gm)) icons.set(match[1]!, match[0]);
  if (icons.size < 1000) throw new Error(`${file}: read ${icons.size} icons only; its layout changed, update iconsPerModule in vite.config.ts`);
  return icons;
}

/**
 * `react-icons/lu` as one small module per icon, in the build (issue 18's budgets). react-icons ships
 * each icon set as a single module, so every Lucide icon the app used anywhere ended in the chunk the
 * first page loads. Here `react-icons/lu` resolves to a virtual module re-exporting each icon from a
 * virtual module of its own, written from the package's own code (the same SVG data through
 * react-icons' `GenIcon`), so each icon lands with the code that draws it. Imports, types and the dev
 * server are unchanged.
 */
function iconsPerModule(): Plugin {
  let icons: Map<string, string> | undefined;
  return {
    name: 'icons-per-module',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id === SET) return BARREL;
      if (id.startsWith(ICON)) return id;
      return null;
    },
    async load(id) {
      if (id === BARREL) {
        icons ??= await readIcons();
        return { code: [...icons.keys()].map((name) => `export { ${name} } from '${ICON}${name}';`).join('\n'), moduleSideEffects: false };
      }
      if (id.startsWith(ICON)) {
        icons ??= await readIcons();
        const icon = icons.get(id.slice(ICON.length));
        if (!icon) return null;
        return { code: `import { GenIcon } from 'react-icons/lib';\n${icon}\n`, moduleSideEffects: false };
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), iconsPerModule(), precompress(), testSeam()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what each page loads, read by `npm run size` (scripts/size.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        index: `${root}index.html`,
        play: `${root}play.html`,
        quiz: `${root}quiz.html`,
      },
      output: {
        // Fewer, larger chunks where that weighs less (issue 18's budgets, docs/performance.md): React
        // in one chunk all three pages share, with Vite's module-preload polyfill every page runs; the back office's libraries that its entry loads (Chakra
        // and Ark/Zag, emotion, i18next, React Router) in one
        // chunk only the back office loads; the icons used by more than one page in one chunk (each
        // icon is its own module: iconsPerModule), the others stay with their page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]|^\0vite\/modulepreload-polyfill/, priority: 3 },
            {
              name: 'vendor',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|stylis|i18next|react-i18next|react-router|@pandacss|hoist-non-react-statics|react-is|@babel)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'icons', test: /^\0icons:lu\//, minShareCount: 2, priority: 1 },
          ],
        },
        // A shared chunk is named after one of its modules; the one holding xstate would otherwise be
        // named after the (empty in production) dev inspector, as if the inspector shipped.
        chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => id.includes('/node_modules/xstate/')) ? 'assets/xstate-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
      '/files': 'http://127.0.0.1:8080',
    },
  },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Every file, browser tests included, runs in one of two workers (one per core; at least two):
    // vitest's own default leaves a core to itself (cores - 1), which on a 2-core machine ran every file
    // one after another. Each file has its own server, database and browser on an ephemeral port, so
    // two files never share state; a browser file waits on its page and server about half the time,
    // when the other worker runs. On this 2-core machine npm test went from 38 min (browser files
    // after the others, one at a time) to 12.5 min.
    // 'unit' never opens a database (its result is the same on PGlite and PostgreSQL); 'api' and 'e2e'
    // do: CI's PostgreSQL pass runs only those two (`npm test -- --project api --project e2e`, .ci/run).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          environment: 'node',
          // A model-based test replays hundreds of paths in one `it` (8–12 s alone; two files share the cores).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the page shows as long as a locator does (the contexts' 10 s,
          // tests/e2e/support/browser.ts), not vitest's 1 s: a sheet read on the server's worker thread
          // took longer than 1 s to reach the import preview on a loaded host, failing admin.e2e.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
