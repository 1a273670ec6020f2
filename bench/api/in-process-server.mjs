// specrun's server from this checkout's build (`npx tsc -b tsconfig.build.json`), in the
// measuring process itself, on a database a helpdesk pair loaded: for tools that time or watch
// one request from inside (cpu-by-step.mjs, trace-statements.mjs) rather than over a socket.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/**
 * Opens the store in `where` (SQLite's `data` folder, or PostgreSQL's `databaseUrl`) with
 * `storeOptions` (such as `onStatement`), migrates it to the specification in `spec` and answers
 * the ready app and its store; close both after.
 */
export async function inProcessServer(where, spec, storeOptions = {}) {
  const S = await import(`${ROOT}/packages/server/dist/index.js`);
  const L = await import(`${ROOT}/packages/language/dist/index.js`);
  const { model } = L.parseSpec(readFileSync(spec, 'utf8'), { file: spec });
  const at = where.databaseUrl ? { databaseUrl: where.databaseUrl } : { dataDir: where.data };
  const store = S.openStore({ ...at, ...storeOptions });
  await S.migrate(store, model);
  const app = await S.createServer({ model, store, logger: false });
  await app.ready();
  return { app, store };
}
