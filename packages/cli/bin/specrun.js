#!/usr/bin/env -S node --max-semi-space-size=64
// A young generation of 64 MB (docs/decisions.md, "A larger young generation"): requests that
// wait on the database no longer have their objects promoted by the next scavenge.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `npm run build` bundles the command into one file (rolldown.config.mjs): loaded module by
// module, finding and compiling some 1,300 files took most of a cold start. The bundle runs with
// V8's code cache (src/code-cache/). A bundle older than a package's last compilation (`tsc -b`
// run alone) would serve old code: then the compiled modules are run instead.
const PACKAGES = ['cli', 'server', 'language', 'expr', 'model'];
const BUNDLE = new URL('../dist/specrun.cjs', import.meta.url);
const modified = (path) => {
  try {
    return statSync(new URL(path, import.meta.url)).mtimeMs;
  } catch {
    return NaN;
  }
};
const bundled = modified(BUNDLE);
const current = PACKAGES.every((name) => modified(`../../${name}/dist/.tsbuildinfo`) <= bundled);
if (current) {
  const { runBundle } = await import('../dist/code-cache/run-bundle.js');
  await runBundle(fileURLToPath(BUNDLE));
} else {
  await import('../dist/main.js');
}
