import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The browser never imports server code: the server holds secrets and database access.
const SERVER = { regex: '(^|/)server(/|$)', message: 'The web app must not import server code.' };
const APP = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Only src/web/app composes screens: features, components, lib and hooks never import it.',
};
const FEATURES = {
  regex: '^(\\.\\./)+features(/|$)',
  message: 'components, lib and hooks are below the features: take what a feature knows as props instead.',
};
const FEATURE_INTERNALS = {
  regex: '(^|/)features/[^/]+/.',
  message: "Import a feature through its public index ('../../features/claims'), not its files.",
};
/** From a file `up` levels below its feature's folder, `{up}{other}/…` reaches into another feature. */
function featureInternals(up) {
  return {
    regex: `^${up.replaceAll('.', '\\.')}[^./][^/]*/.`,
    message: "Features import each other only through the public index ('../../claims'), never its files.",
  };
}
function webImportRules(...rules) {
  return [SERVER, ...rules];
}

// Server modules (src/server/modules/<m>/) open one door each, their index.ts; the rest of a module is its own.
/** From a file `up` levels below its module's folder, `{up}{other}/…` other than index.js reaches into another module. */
function moduleInternals(up) {
  return {
    regex: `^${up.replaceAll('.', '\\.')}[^./][^/]*/(?!index\\.js$).`,
    message: "Modules import each other only through the door ('../claims/index.js'), never its files.",
  };
}
/** Anywhere, module files included: a path through `modules/<m>/` to anything but the door. */
const MODULE_INTERNALS = {
  regex: '(^|/)modules/[^/]+/(?!index\\.js$).',
  message:
    "Import a module through its door ('./modules/claims/index.js'), never its files; a module's own files as './file.js'.",
};
/** A path spelled the long way (`a/../b`, `./..`, `./` inside, `//`) could slip past the two above: spell it the short way. */
const ROUNDABOUT_PATH = {
  regex: '^(\\./\\.\\.?(/|$)|\\.\\.?(//|/(.*//|(.*/)?\\.(/|$)|(.*/)?(?!\\.\\.?/)[^/]+/\\.\\.(/|$))))',
  message: "Spell a relative import the short way: no 'name/..', no './..', no './' inside, no '//'.",
};
/** How deep module files go (a file in modules/<m>/ is 1), read from the tree at each run: a block per depth. */
const MODULE_DEPTHS = Math.max(
  1,
  ...fs
    .readdirSync(path.join(import.meta.dirname, 'src/server/modules'), { recursive: true })
    .map((entry) => String(entry).split(path.sep).length - 1),
);
const NO_FASTIFY = {
  name: 'fastify',
  message: 'Only routes see the request: pass an Actor (plugins/actor.ts actorOf) to services.',
};
/** A module file `depth` folders below src/server/modules: its door rule, and no fastify unless a route or test. */
function serverModuleRules(depth) {
  const files = [`src/server/modules/${'*/'.repeat(depth)}*.ts`];
  const patterns = [moduleInternals('../'.repeat(depth)), MODULE_INTERNALS, ROUNDABOUT_PATH];
  return [
    { files, rules: { 'no-restricted-imports': ['error', { patterns }] } },
    {
      // Services, policies and presenters take an Actor, never the HTTP request: a job or an import calls them too.
      files,
      ignores: ['src/server/modules/**/*.routes.ts', 'src/server/modules/**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { paths: [NO_FASTIFY], patterns }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'coverage', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webImportRules() }],
    },
  },
  // The direction of the browser code: app → features → components, lib, hooks → shared.
  {
    files: ['src/web/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webImportRules(FEATURE_INTERNALS) }] },
  },
  {
    files: ['src/web/features/*/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: webImportRules(APP, featureInternals('../')) }],
    },
  },
  {
    files: ['src/web/features/*/*/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: webImportRules(APP, featureInternals('../../')) }],
    },
  },
  {
    // Tests render the whole app (its router), but still reach other features only through their index.
    files: ['src/web/features/*/*/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: webImportRules(featureInternals('../../')) }],
    },
  },
  {
    files: ['src/web/{components,lib,hooks}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webImportRules(APP, FEATURES) }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'node:*'],
              message: 'src/shared runs in the browser and on the server: keep it free of either side.',
            },
          ],
        },
      ],
    },
  },
  ...Array.from({ length: MODULE_DEPTHS }, (_, i) => i + 1).flatMap(serverModuleRules),
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.ts'],
    ignores: ['src/server/modules/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_INTERNALS, ROUNDABOUT_PATH] }] },
  },
  {
    // A file says one thing: past 300 lines it says several, so split it by responsibility (STYLE.md,
    // "Rules as checks"). Every line counts, as `wc -l` counts them, so the rule and the figure a review
    // quotes agree. Tests, test helpers, end-to-end flows and generated files (drizzle/, ignored above)
    // are aside.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/server/test/**', 'e2e/**'],
    rules: { 'max-lines': ['error', { max: 300, skipComments: false, skipBlankLines: false }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*.config.ts', 'src/server/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Every Vitest project runs its files with isolate: false (vitest.config.ts): the files of a worker share one
    // module graph, so a module mocked, reset or an environment variable stubbed by one file would reach the next.
    files: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'src/test/**',
      'src/web/test/**',
      'src/server/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'resetModules', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message:
            'The test files of a worker share their modules (isolate: false): pass the dependency in instead.',
        })),
      ],
    },
  },
);
