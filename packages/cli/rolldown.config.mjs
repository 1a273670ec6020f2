// Bundles the specrun command, with the workspace packages and most of their dependencies, into
// dist/specrun.js: `specrun start` spent most of its cold start finding, reading and compiling
// some 1,300 module files (docs/decisions.md, "The command is bundled into one file").
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const OUTPUT = resolve(here, 'dist/specrun.js');

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

export default {
  input: resolve(here, 'dist/main.js'),
  platform: 'node',
  external: (id) => EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`)),
  plugins: [filesBesideModules],
  output: { file: OUTPUT, format: 'esm', codeSplitting: false },
};
