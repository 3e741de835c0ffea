// Lint rules, including the import boundaries of the architecture:
// - UI code (routes, views, components) never touches workers, shaders or media internals;
//   it reads state and calls actions.
// - Workers run only workers/ and server/shared: main-thread code lives in src/.
// - src/core is pure main-thread logic: no React, valtio, Comlink, workers or browser-facing layers.
// - The client (src, workers) and the servers share only server/shared; from server/shared/api the client
//   takes types only, so the TypeBox schemas there never reach the browser bundle.
// - Servers never import client code; server/shared imports nothing outside itself.
// - Server code starts child processes only through server/processes (one registry sees them all).
// - A recorder feature imports another only through its index.ts; the recorder core imports no feature.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverInternals = {
  group: ['**/server/recorder/**', '**/server/aggregator/**', '**/server/common/**', '**/server/camera-sim/**', '**/server/protocols/**'],
  message: 'Client code may import only server/shared from the servers.',
};

const sharedApiTypesOnly = {
  group: ['**/server/shared/api', '**/server/shared/api/*'],
  allowTypeImports: true,
  message: 'The client imports types only from server/shared/api (`import type`): its values are TypeBox schemas for the server.',
};

const noClientCode = { group: ['**/src/**', '**/workers/**'], message: 'Servers never import client code.' };
const noFastify = { group: ['fastify', '@fastify/*'], message: 'Feature code is plain TypeScript: fastify only in *-routes.ts and core/http.' };
const spawnOnlyInProcesses = ['node:child_process', 'child_process'].map((name) => ({
  name,
  importNames: ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
  message: 'Start children through server/processes (spawnChild, runToCompletion, FfmpegChild), so the registry lists them and shutdown ends them.',
}));
const RECORDER_FEATURES = ['identity', 'cameras', 'ingest', 'archive', 'live', 'motion', 'events', 'export', 'retention', 'ptz', 'layouts', 'system', 'demo'];
const noFeatureFromCore = {
  group: RECORDER_FEATURES.flatMap((feature) => [`../${feature}/*`, `../../${feature}/*`, `../${feature}`, `../../${feature}`]),
  message: 'The recorder core imports no feature; a feature depends on the core, not the other way round.',
};

/**
 * A feature reaches another only through that feature's index.ts, its narrow
 * public face: never into its files, so never into its routes. The wiring
 * (app.ts, services.ts, main.ts) is not a feature and assembles them all.
 */
const featureBoundaries = RECORDER_FEATURES.map((feature) => ({
  files: [`server/recorder/${feature}/**/*.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: RECORDER_FEATURES.filter((other) => other !== feature).flatMap((other) => [`../${other}/*`, `../../${other}/*`]),
            message: 'A recorder feature imports another only through its index (../<feature>), never its files or routes.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverInternals] }],
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [sharedApiTypesOnly] }],
    },
  },
  {
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverInternals,
            { group: ['**/src/**'], message: 'Workers run workers/ and server/shared only; main-thread logic lives in src/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverInternals,
            {
              group: ['react', 'react-dom', 'react-dom/*', 'valtio', 'valtio/*', 'comlink', '**/*.worker', '**/shaders/**'],
              message: 'src/core is pure main-thread logic: state, rendering and workers use it, not the other way round.',
            },
            {
              group: ['**/state/*', '**/media/*', '**/api/*', '**/app/*', '**/routes/*', '**/views/*', '**/components/*'],
              message: 'src/core imports only itself, workers/core types and server/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}', 'src/views/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverInternals,
            {
              group: ['**/workers/**', '**/shaders/**', '**/media/*/**', 'twgl.js', 'comlink'],
              message: 'UI code reads state and calls actions; media internals stay behind src/media facades.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: spawnOnlyInProcesses, patterns: [noClientCode] },
      ],
    },
  },
  {
    // The supervisor runs above the recorder's child registry: it forks the recorder itself (IPC for 'ready').
    files: ['server/recorder/supervisor.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClientCode] }] },
  },
  {
    files: ['server/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/recorder/**', '**/aggregator/**', '**/common/**', '**/camera-sim/**', '**/protocols/**', '**/src/**', '**/workers/**'],
              message: 'server/shared is imported by both sides and imports nothing outside itself.',
            },
            { group: ['node:*', 'fastify', 'better-sqlite3'], message: 'server/shared must run in the browser too.' },
          ],
        },
      ],
    },
  },
  {
    // Feature code is plain TypeScript; only a feature's *-routes.ts files, the HTTP core and the wiring speak fastify.
    files: ['server/recorder/*/**/*.ts'],
    ignores: ['server/recorder/**/*-routes.ts', 'server/recorder/core/http/**'],
    rules: { 'no-restricted-imports': ['error', { paths: spawnOnlyInProcesses, patterns: [noClientCode, noFastify] }] },
  },
  {
    // The core every feature may use imports no feature.
    files: ['server/recorder/core/**/*.ts'],
    ignores: ['server/recorder/core/http/**'],
    rules: { 'no-restricted-imports': ['error', { paths: spawnOnlyInProcesses, patterns: [noClientCode, noFastify, noFeatureFromCore] }] },
  },
  {
    files: ['server/recorder/core/http/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: spawnOnlyInProcesses, patterns: [noClientCode, noFeatureFromCore] }] },
  },
  {
    // Node-side pieces both servers run (errors, access check, secrets at rest, passwords): they know neither server.
    files: ['server/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: spawnOnlyInProcesses,
          patterns: [noClientCode, { group: ['**/recorder/**', '**/aggregator/**'], message: 'server/common is used by both servers and imports neither.' }],
        },
      ],
    },
  },
  {
    // The child-process layer itself spawns.
    files: ['server/processes/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClientCode] }] },
  },
  {
    // A synchronous `git rev-parse` at start, over before it returns (its comment says why it stays outside).
    files: ['server/recorder/system/version-info.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noClientCode, noFastify] }] },
  },
  ...featureBoundaries,
);
