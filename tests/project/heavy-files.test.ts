import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { HEAVY_FILES } from '../sequence/heavy-first-sequencer.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

it('names only test files that exist, each once, in the heavy-first order', () => {
  const missing = HEAVY_FILES.filter((path) => !existsSync(root + path));
  expect(missing, 'renamed or removed: update HEAVY_FILES').toEqual([]);
  expect(new Set(HEAVY_FILES).size).toBe(HEAVY_FILES.length);
});
