#!/usr/bin/env -S node --max-semi-space-size=64
// A young generation of 64 MB (docs/decisions.md, "A larger young generation"): requests that
// wait on the database no longer have their objects promoted by the next scavenge.
import { statSync } from 'node:fs';

// `npm run build` bundles the command into one file (rolldown.config.mjs): loaded module by
// module, finding and compiling some 1,300 files took most of a cold start. A bundle older than
// a package's last compilation (`tsc -b` run alone) would serve old code: then the compiled
// modules are run instead.
const PACKAGES = ['cli', 'server', 'language', 'expr', 'model'];
const modified = (path) => {
  try {
    return statSync(new URL(path, import.meta.url)).mtimeMs;
  } catch {
    return NaN;
  }
};
const bundled = modified('../dist/specrun.js');
const current = PACKAGES.every((name) => modified(`../../${name}/dist/.tsbuildinfo`) <= bundled);
await import(current ? '../dist/specrun.js' : '../dist/main.js');
