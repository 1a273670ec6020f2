import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheFileFor,
  cacheKey,
  readCacheFile,
  writeCacheFile,
} from '../src/code-cache/cache-file.js';
import { requireCached } from '../src/code-cache/require-cached.js';

const dir = mkdtempSync(join(tmpdir(), 'specrun-code-cache-'));

/** A CommonJS file whose export answers `answer`, and where its cache would be kept. */
function script(name: string, answer: string): { path: string; cache: string } {
  const path = join(dir, `${name}.cjs`);
  writeFileSync(
    path,
    `'use strict';\nconst { basename } = require('node:path');\n` +
      `exports.answer = () => ${JSON.stringify(answer)} + ' from ' + basename(__filename);\n`,
  );
  return { path, cache: join(dir, `${name}.bin`) };
}

describe('the code cache', () => {
  it('runs a file as require would, then runs it again from the code it stored', () => {
    const { path, cache } = script('plain', 'yes');
    const first = requireCached(path, cache);
    expect(first.fromCache).toBe(false);
    expect((first.exports.answer as () => string)()).toBe('yes from plain.cjs');
    first.save(false);
    expect(readCacheFile(cache)?.served).toBe(false);

    const second = requireCached(path, cache);
    expect(second.fromCache).toBe(true);
    expect((second.exports.answer as () => string)()).toBe('yes from plain.cjs');
  });

  it('is rewritten only when missing, refused, or made before a server had started', () => {
    const { path, cache } = script('rewrite', 'yes');
    requireCached(path, cache).save(false);
    const written = () => statSync(cache).mtimeMs + readFileSync(cache).length;
    const before = written();
    requireCached(path, cache).save(false);
    expect(written()).toBe(before);
    requireCached(path, cache).save(true);
    expect(readCacheFile(cache)?.served).toBe(true);
    const served = readFileSync(cache);
    requireCached(path, cache).save(false);
    requireCached(path, cache).save(true);
    expect(readFileSync(cache).equals(served)).toBe(true);
  });

  it('is not used for another source, even of the same length', () => {
    const { path, cache } = script('changed', 'old');
    requireCached(path, cache).save(false);
    script('changed', 'new');
    const loaded = requireCached(path, cache);
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports.answer as () => string)()).toBe('new from changed.cjs');
  });

  it('runs the source when V8 refuses damaged data, and stores good data again', () => {
    // A source this process has not compiled: V8 would otherwise reuse its own compilation.
    const { path, cache } = script('damaged', 'yes');
    const key = cacheKey(readFileSync(path));
    writeCacheFile(cache, { key, served: true, data: Buffer.alloc(4096, 7) });
    const loaded = requireCached(path, cache);
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports.answer as () => string)()).toBe('yes from damaged.cjs');
    loaded.save(false);
    expect(readCacheFile(cache)?.data.equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('does without a cache it cannot write', () => {
    const { path } = script('unwritable', 'yes');
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const loaded = requireCached(path, join(blocked, 'below', 'cache.bin'));
    expect(() => loaded.save(true)).not.toThrow();
    expect(readCacheFile(join(blocked, 'below', 'cache.bin'))).toBeUndefined();
  });

  it("is kept in the user's cache folder, one file per script", () => {
    const env = { XDG_CACHE_HOME: '/somewhere' };
    expect(cacheFileFor('/a/specrun.cjs', env)).toMatch(/^\/somewhere\/specrun\/code-\w+\.bin$/);
    expect(cacheFileFor('/b/specrun.cjs', env)).not.toBe(cacheFileFor('/a/specrun.cjs', env));
  });
});
