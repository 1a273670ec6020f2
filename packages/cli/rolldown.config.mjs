// Bundles the specrun command, with the workspace packages and most of their dependencies, into
// dist/specrun.cjs: `specrun start` spent most of its cold start finding, reading and compiling
// some 1,300 module files (docs/decisions.md, "The command is bundled into one file"). CommonJS,
// so that bin/specrun.js can run it with V8's code cache (src/code-cache/require-cached.ts).
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const OUTPUT = resolve(here, 'dist/specrun.cjs');

/**
 * Left to Node, loaded from node_modules as before: a native addon, what loads only when asked
 * (PostgreSQL's driver, the common-password list, the API's documentation page), and what
 * finds files beside its own code (pino's worker threads, Swagger UI's page and scripts).
 */
const EXTERNAL = [
  'better-sqlite3',
  'pg',
  'pino',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@zxcvbn-ts/language-common',
];

/**
 * `new URL('../../workers/sqlite-reads.mjs', import.meta.url)` names a file beside a module; in
 * the bundle, import.meta.url is the bundle's, so the path is rewritten to reach the same file
 * from there.
 */
const filesBesideModules = {
  name: 'files-beside-modules',
  transform(code, id) {
    if (!code.includes('import.meta.url') || id.includes('node_modules')) return null;
    const pattern = /new URL\((['"])(\.{1,2}\/[^'"]+)\1, import\.meta\.url\)/g;
    const rewritten = code.replace(pattern, (_all, quote, path) => {
      const target = resolve(dirname(id), path);
      const fromBundle = relative(dirname(OUTPUT), target).split('\\').join('/');
      const url = fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`;
      return `new URL(${quote}${url}${quote}, import.meta.url)`;
    });
    return rewritten === code ? null : { code: rewritten, map: null };
  },
};

/**
 * A CommonJS file has no import.meta: what the modules ask of it is answered from the bundle's
 * own file name (the plugin above has made their relative names relative to the bundle).
 */
const IMPORT_META = [
  `const import_meta_url = require('node:url').pathToFileURL(__filename).href;`,
  `const import_meta_resolve = (name) => require('node:url').pathToFileURL(require.resolve(name)).href;`,
].join('\n');

export default {
  input: resolve(here, 'dist/run-command.js'),
  platform: 'node',
  external: (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`)),
  plugins: [filesBesideModules],
  transform: {
    define: { 'import.meta.url': 'import_meta_url', 'import.meta.resolve': 'import_meta_resolve' },
  },
  output: {
    file: OUTPUT,
    format: 'cjs',
    codeSplitting: false,
    // The strict mode ES modules had; the banner comes before it unless it says it itself.
    banner: `'use strict';\n${IMPORT_META}`,
    // Modules loaded when first asked for (the common-password list, the API's page) are
    // required, not imported: a script run through node:vm imports only with extra options.
    dynamicImportInCjs: false,
    // Only ASCII (strings escaped, comments left out but for licences): V8 reads and keeps such
    // a file as one byte a character, not two, and a quarter of it was comments.
    charset: 'ascii',
    comments: { legal: true, annotation: false, jsdoc: false },
  },
};
