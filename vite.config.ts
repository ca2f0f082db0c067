/**
 * One config for the SPA build (vite) and the tests (vitest).
 * Three entry pages, each its own bundle: the back office (index.html), the player page (play.html,
 * served under /play) and the quiz display (quiz.html, served under /quiz).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@': `${root}src`,
  '@machines': `${root}machines`,
  '@openapi': `${root}openapi`,
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        index: `${root}index.html`,
        play: `${root}play.html`,
        quiz: `${root}quiz.html`,
      },
      output: {
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
    // Unit, machine and API tests run in parallel files; e2e files share one Chromium and run serially.
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/api/**/*.test.ts'],
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
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
