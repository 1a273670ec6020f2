import { cacheFileFor } from './cache-file.js';
import { requireCached } from './require-cached.js';

/**
 * Runs the command from its bundle (dist/specrun.cjs), with V8's code cache: once the command
 * has done its work (`start`: once it listens), the code it compiled is stored for the next run
 * when the cache held none, or held less than a start needs.
 */
export async function runBundle(bundle: string): Promise<void> {
  const loaded = requireCached(bundle, cacheFileFor(bundle));
  const runCommand = loaded.exports.runCommand as () => Promise<void>;
  await runCommand();
  // A start that failed (a specification with errors) has not run what serving needs.
  loaded.save(process.argv[2] === 'start' && process.exitCode === 0);
}
