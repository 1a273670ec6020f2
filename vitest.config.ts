import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './tests/sequence/heavy-first-sequencer.js';

// Tests run the workspace packages from their TypeScript sources, never from a stale dist/.
// Aliases, not export conditions: Vitest passes conditions on to Node for external packages,
// which then load the wrong entry of dual CommonJS/ESM packages such as pg.
const source = (name: string) =>
  fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));
const resolve = {
  alias: Object.fromEntries(
    ['model', 'expr', 'language', 'server', 'cli'].map((name) => [
      `@specrun/${name}`,
      source(name),
    ]),
  ),
};

// Where a test lives says which project runs it:
// - unit (`npm run test:unit`, in about a minute): tests that need nothing but their own Node
//   process — beside their source (packages/*/src), in a package's test/ folder, tests/project.
//   No PostgreSQL, no `specrun` process (SQLite in a temporary folder is fine).
// - integration (`npm run test:integration`): packages/server/test and packages/cli/test, the
//   server on SQLite and PostgreSQL and the built `specrun` binary. A test that needs PostgreSQL
//   or starts `specrun` goes there; it gets the run's one PostgreSQL cluster through
//   usePostgresDatabases or describeDialect (packages/server/test/support).
// - browser and reliability: tests/browser and tests/reliability.
const INTEGRATION = ['packages/server/test/**/*.test.ts', 'packages/cli/test/**/*.test.ts'];
// Integration files that replace modules with vi.mock: they run isolated.
const MOCKING = ['packages/server/test/app/derives-once.test.ts'];
// One throwaway cluster per run, shared by the projects that list it; files make their own
// databases in it.
const sharedPostgres = './packages/server/test/support/shared-postgres.ts';
// Vitest's default is one worker fewer than the cores: on these 2-core machines that is ONE, and
// every file of the run went one after the other. Unit and integration files share two workers
// (integration files spend much of their time waiting on PostgreSQL and child processes). The
// browser files then run on their own, two at a time (each waits on its Chromium and its server
// much of the time: 814 s of tests in 417 s, against about 600 s one after the other), and the
// reliability files last, one at a time, so that kills and load never share the cores.
const PARALLEL_WORKERS = 2;

export default defineConfig({
  test: {
    // The longest files start first in each phase, even on a fresh clone (no past timings).
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          maxWorkers: PARALLEL_WORKERS,
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'tests/project/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...INTEGRATION],
          environment: 'node',
          // Each worker keeps its modules from file to file: loading the packages and their
          // dependencies again per file took most of the lane's time. Unit tests hold no state
          // between files for this to leak (a test file must not import another one).
          isolate: false,
          // Property tests run thousands of cases: on a loaded 2-core machine the default 5 s
          // can pass by, and a timeout there says nothing of the code. So can a hook's 10 s when
          // it starts a server (web/test/form-checks).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          maxWorkers: PARALLEL_WORKERS,
          sequence: { groupOrder: 0 },
          include: INTEGRATION,
          exclude: [...configDefaults.exclude, ...MOCKING],
          globalSetup: [sharedPostgres],
          environment: 'node',
          // As for unit: importing the server and its dependencies again per file cost more
          // than the tests. Each file opens and closes its own apps and databases.
          isolate: false,
          // Some tests start `specrun` processes or race fifty connections: on a loaded 2-core
          // machine a few seconds is not enough, and a timeout there says nothing of the code.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // Files that replace modules with vi.mock need modules of their own.
          name: 'integration-mocking',
          maxWorkers: PARALLEL_WORKERS,
          sequence: { groupOrder: 0 },
          include: MOCKING,
          globalSetup: [sharedPostgres],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'browser',
          sequence: { groupOrder: 1 },
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: PARALLEL_WORKERS,
          // Workers that keep their modules: the server and the spec reader load once per
          // worker, not once per file (each file serves its own app anyway).
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          // Real `specrun start` processes under bad input, kills, races and load: the subset
          // runs with the rest; RELIABILITY=full (npm run test:reliability) runs the full counts.
          name: 'reliability',
          sequence: { groupOrder: 2 },
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: [sharedPostgres],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          // One server at a time: kills and load must not share the 2 cores with each other.
          fileParallelism: false,
        },
      },
    ],
  },
});
