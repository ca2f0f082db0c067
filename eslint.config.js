import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (path) => resolve(root, path);
const featuresDir = at('src/app/features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What each back-office feature offers the others: its public modules (docs/architecture.md, Layout and
 * dependencies). Every other module of a feature is its own; neither another feature nor the shell
 * (src/app outside features/: router, layout, realtime) imports it. The shell also mounts every
 * feature's routes/ and i18n/. A feature not listed offers nothing.
 */
const publicModules = {
  auth: [
    'session',
    'hooks/use-session',
    'hooks/use-access-routes',
    'components/permission',
    'components/require-session',
    'lib/token',
    'lib/access-routes',
  ],
  profile: ['nav-overrides'],
  'trivia-game': ['components/export-results', 'components/game-guard', 'components/rehearsal-actions', 'components/fair-play-panel'],
};
for (const name of Object.keys(publicModules)) {
  if (!features.includes(name)) throw new Error(`eslint.config.js: publicModules names ${name}, which is no feature`);
}
const publicGlobs = features.flatMap((name) => (publicModules[name] ?? []).map((module) => `${featuresDir}/${name}/${module}.{ts,tsx}`));

const serverFeaturesDir = at('src/server/features');
const serverFeatures = readdirSync(serverFeaturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What each server feature offers the features above it (docs/architecture.md, Layout and
 * dependencies, gives their order): its public modules, paths without `.ts` inside the feature's
 * folder. Every other module is the feature's own. src/server/app.ts and features/index.ts compose the
 * features and may import any; nothing else outside features/ imports one (plugins, db, lib,
 * realtime, contract, i18n.ts, config.ts). tests/unit/server-layout.test.ts checks the same and
 * that the features' graph has no cycle.
 */
const serverPublicModules = {
  access: ['plugin', 'access', 'access-events', 'access-cache', 'tokens'],
  admin: ['queries'],
  audit: ['queries'],
  company: ['time-zone', 'seeded-name'],
  file: ['images', 'store/index'],
  live: ['views', 'queries', 'realtime', 'flow/reset', 'control/lease', 'answers/join'],
  notification: ['service'],
  profile: ['nav'],
  trivia: ['queries', 'service'],
  venue: ['join-url'],
};
for (const name of Object.keys(serverPublicModules)) {
  if (!serverFeatures.includes(name)) throw new Error(`eslint.config.js: serverPublicModules names ${name}, which is no server feature`);
}
const serverPublicGlobs = serverFeatures.flatMap((name) => (serverPublicModules[name] ?? []).map((module) => `${serverFeaturesDir}/${name}/${module}.{ts,mts}`));

/** The faces and their shared code (Layout and dependencies): who may not import whom. */
const faces = {
  app: 'src/app',
  play: 'src/play',
  quiz: 'src/quiz',
  audience: 'src/audience',
  shared: 'src/shared',
  server: 'src/server',
  domain: 'src/domain',
  machines: 'machines',
};
const forbid = (target, names, message) => ({ target: faces[target], from: names.map((name) => faces[name]), message });

const zones = [
  // The three faces share only src/shared, src/domain and machines/; src/audience is the two audience faces'.
  forbid('app', ['play', 'quiz', 'audience', 'server'], 'The back office shares only src/shared, src/domain and machines/ with the other faces.'),
  forbid('play', ['app', 'quiz', 'server'], 'The player page shares only src/audience, src/shared, src/domain and machines/ with the other faces.'),
  forbid('quiz', ['app', 'play', 'server'], 'The quiz display shares only src/audience, src/shared, src/domain and machines/ with the other faces.'),
  forbid('audience', ['app', 'play', 'quiz', 'server'], 'src/audience is what the two audience faces share: it imports neither of them.'),
  forbid('shared', ['app', 'play', 'quiz', 'audience', 'server'], 'src/shared is what all three faces share: it imports none of them.'),
  forbid('machines', ['app', 'play', 'quiz', 'audience', 'shared', 'server'], 'The statecharts are pure: src/domain and the contract types only.'),
  forbid('domain', ['app', 'play', 'quiz', 'audience', 'shared', 'server', 'machines'], 'src/domain imports nothing of ours.'),
  forbid('server', ['app', 'play', 'quiz', 'audience'], 'The server runs none of the browser faces\' code.'),
  {
    target: faces.server,
    from: faces.shared,
    except: ['./realtime/frames.ts', './realtime/game-channel.ts', './play-client.ts'],
    message: 'The server runs no browser code; of src/shared it uses the contract\'s WebSocket frame types (realtime/frames.ts).',
  },
  // A feature imports another feature only through its public modules.
  ...features.map((name) => ({
    target: `src/app/features/${name}/**`,
    from: `${featuresDir}/*/**`,
    except: [`${featuresDir}/${name}/**`, ...publicGlobs],
    message: `Another feature's module: a feature uses another only through the public modules eslint.config.js lists (publicModules).`,
  })),
  {
    // The shell mounts the features' routes and translations and otherwise uses their public modules.
    target: ['src/app/*', 'src/app/!(features)/**'],
    from: `${featuresDir}/*/**`,
    except: [`${featuresDir}/*/routes/**`, `${featuresDir}/*/i18n/**`, ...publicGlobs],
    message: `A feature's own module: the shell uses a feature through its routes/, i18n/ and the public modules eslint.config.js lists (publicModules).`,
  },
  // A server feature imports another only through its public modules.
  ...serverFeatures.map((name) => ({
    target: `src/server/features/${name}/**`,
    from: `${serverFeaturesDir}/*/**`,
    except: [`${serverFeaturesDir}/${name}/**`, ...serverPublicGlobs],
    message: `Another server feature's own module: a feature uses another only through the public modules eslint.config.js lists (serverPublicModules).`,
  })),
  {
    // Below the features: the server's plugins, database, lib, realtime and contract code import none.
    target: ['src/server/!(features)/**', 'src/server/!(app).ts'],
    from: serverFeaturesDir,
    message: 'Only src/server/app.ts and features/index.ts compose the features; the code below them (plugins, db, lib, realtime, contract) imports none.',
  },
];

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
    // Imports resolved as TypeScript resolves them (tsconfig.json's @/, @machines/, @openapi/ aliases).
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: at('tsconfig.json') })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // no-cycle reads the imported modules too: with TypeScript's parser, or it silently sees no imports.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    // Dependencies go one way (docs/architecture.md, Layout and dependencies), and nothing imports itself round.
    files: ['src/**', 'machines/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Chakra's CloseButton is named "Close" in English whatever the language: the app's own names it in the UI's.
    files: ['src/**'],
    ignores: ['src/app/components/close-button.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@chakra-ui/react', importNames: ['CloseButton'], message: "Use '@/app/components/close-button': its name is translated." }] },
      ],
    },
  },
  {
    // The rules of hooks and of React's compiler, on every browser module; a dependency list that
    // misses what its effect reads is an error (an effect meant to run once reads through useEffectEvent).
    files: ['src/**'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
);

export { serverPublicModules };
