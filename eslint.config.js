import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'data/', 'node_modules/', 'openapi/*.d.ts', 'src/server/db/migrations/', 'test-results/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests read loosely typed JSON responses and contract fragments.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // One-way dependencies (docs/architecture.md, Layout and dependencies): the SPA never imports the server, and vice versa.
    files: ['src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/server/*', '**/server/*'] }] },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/app/*', '**/app/*'] }] },
  },
  {
    // The audience bundles (player page, quiz display) carry no back-office or server code; they share
    // src/audience, the machines, the domain rules and the play contract's types.
    files: ['src/play/**', 'src/quiz/**', 'src/audience/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/app/*', '@/server/*', '**/app/*', '**/server/*'] }] },
  },
  {
    // Browser code all three faces share (the dev inspector): it imports none of them.
    files: ['src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/app/*', '@/server/*', '@/play/*', '@/quiz/*', '@/audience/*', '**/app/*', '**/server/*'] }] },
  },
  {
    files: ['machines/**', 'src/domain/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/app/*', '@/server/*', '**/app/*', '**/server/*'] }] },
  },
);
