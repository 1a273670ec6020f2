import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'tests/project/**/*.test.ts',
          ],
          environment: 'node',
          // Some tests start `specrun` processes or database clusters: on a loaded 2-core
          // machine a few seconds is not enough, and a timeout there says nothing of the code.
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One file after the other in one worker that keeps its modules: the server and the
          // spec reader load once, not once per file (each file serves its own app anyway).
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          // Real `specrun start` processes under bad input, kills, races and load: the subset
          // runs with the rest; RELIABILITY=full (npm run test:reliability) runs the full counts.
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
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
