import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run the workspace packages from their TypeScript sources, never from a stale dist/.
// Aliases, not export conditions: Vitest passes conditions on to Node for external packages,
// which then load the wrong entry of dual CommonJS/ESM packages such as pg.
const source = (name: string) =>
  fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url));
const resolve = {
  alias: Object.fromEntries(
    ['model', 'expr', 'spec', 'server', 'cli'].map((name) => [`@specrun/${name}`, source(name)]),
  ),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
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
        },
      },
    ],
  },
});
