import path from 'node:path';
import { defineConfig } from 'vitest/config';

const here = import.meta.dirname;
const alias = { '@shared': path.join(here, 'src/shared'), '@web': path.join(here, 'src/web') };

const integration = (database: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `integration-${database}`,
    include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['src/server/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file builds its own app on its own database and no file mocks a module, stubs the environment or fakes
    // timers, so the files of a worker share one module graph (Fastify, zod schemas, Drizzle, PGlite's WebAssembly
    // loaded once per worker, not once per file): on 11 sample files CPU 220 s -> 118 s, import 1,091 s -> 331 s.
    // The only module state, the notification link base, is set by each app as it is built (issue 29).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: 1 on the 2-core machine, so files ran one at a time while
    // the other core mostly waited (PostgreSQL, the transforms). Every file has a database of its own (issue 29).
    maxWorkers: 2,
    // Each file's slowest imports, for scripts/vitest-profile-reporter.mjs (`npm run test:profile`).
    experimental: { importDurations: { limit: 10 } },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          environment: 'node',
          // Pure functions and syntax scans: no file mocks a module, stubs an environment variable or keeps state,
          // so the files share one module graph (TypeScript, zod, the shared schemas loaded once): 32 s -> 10 s.
          isolate: false,
          setupFiles: ['src/test/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/fail-on-console-error.ts', 'src/web/test/setup.ts'],
          testTimeout: 15_000,
          // The files of a worker share one module graph (React, Radix, the router and every screen loaded once per
          // worker, not per file): the project 198 s -> 71 s on two workers, one run each (issue 29). What a test
          // leaves in module state is put back after each test by src/web/test/setup.ts; no file mocks a module.
          isolate: false,
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});
