// The SQL statements specrun runs for one call of each kind on the loaded helpdesk (100,000
// tickets, on SQLite or, with --postgres, PostgreSQL), in order, as the store's onStatement
// observer sees them: what a call costs the database, beside the baseline's statements in
// bench/baseline/sqlite-store.mjs and pg-store.mjs.
//
// `node bench/trace-statements.mjs [--postgres] [list get create transition]`
import { withHelpdeskPair } from './api/helpdesk-pair.mjs';
import { inProcessServer } from './api/in-process-server.mjs';
const postgres = process.argv.includes('--postgres');
const wanted = process.argv.slice(2).filter((a) => a !== '--postgres');
await withHelpdeskPair(
  async (pair, calls, where, spec) => {
    await pair.stop();
    let log = null;
    const onStatement = (sql) => log?.push(sql.replace(/\s+/g, ' ').slice(0, 400));
    const { app, store } = await inProcessServer(where, spec, { onStatement });
    const c = calls('specrun');
    for (const name of wanted.length ? wanted : ['list', 'get', 'create', 'transition']) {
      const base = c[name];
      const call = { ...base, ...(base.next ? base.next() : {}) };
      const inject = () =>
        app.inject({
          method: call.method ?? 'GET',
          url: call.path,
          headers: call.headers,
          body: call.body,
        });
      log = [];
      const res = await inject();
      console.log(`\n${name}: ${res.statusCode}, ${log.length} statements`);
      for (const s of log) console.log('  ' + s);
      log = null;
    }
    await app.close();
    await store.close();
  },
  { transitions: 10, postgres },
);
