import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';
import { cacheKey, readCacheFile, writeCacheFile } from './cache-file.js';

/** A CommonJS file run with V8's code cache. */
export interface CachedModule {
  exports: Record<string, unknown>;
  /** Whether V8 took its compiled code from the cache rather than compiling the source. */
  fromCache: boolean;
  /**
   * Stores the code of every function compiled so far, when the cache was missing, refused or
   * less complete: `served` says that a server has started, so that the code a start runs is in.
   */
  save(served: boolean): void;
}

/**
 * Runs the CommonJS file at `path` as Node's `require` would, with V8's code for it taken from
 * `cacheFile` when one made from the same source by the same Node is there. Compiling the
 * 4.7 MB bundle and then each function a start calls took a fifth of a cold start; Node 20 has
 * no compile cache of its own (`module.enableCompileCache()` is Node 22's), hence this one, as
 * V8's `cachedData` allows for scripts, not for ES modules (docs/decisions.md).
 */
export function requireCached(path: string, cacheFile: string): CachedModule {
  const bytes = readFileSync(path);
  const key = cacheKey(bytes);
  const stored = readCacheFile(cacheFile);
  const usable = stored?.key === key ? stored : undefined;
  // Node's own wrapper for CommonJS, on the first line so that line numbers stay the file's.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${bytes.toString('utf8')}\n})`;
  const script = new vm.Script(wrapped, {
    filename: path,
    ...(usable ? { cachedData: usable.data } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(path), module, path, dirname(path));
  const fromCache = usable !== undefined && !script.cachedDataRejected;
  return {
    exports: module.exports,
    fromCache,
    save(served) {
      if (fromCache && (usable.served || !served)) return;
      writeCacheFile(cacheFile, { key, served, data: script.createCachedData() });
    },
  };
}
