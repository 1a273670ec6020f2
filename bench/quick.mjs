// A quick comparison for working on the request path: specrun against the baseline on SQLite at
// 100,000 tickets, the four calls only (no size series, no PostgreSQL, no report written).
// `node bench/quick.mjs [list get create transition]` after `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp } from './api/accounts.mjs';
import { writeBenchSpec } from './api/bench-spec.mjs';
import { checkSameAnswers, compare, TARGETS } from './api/compare.mjs';
import { TRANSITIONS_PER_SERVER, scenarios } from './api/scenarios.mjs';
import { openTickets, ticketRows } from './api/seed-rows.mjs';
import { openSqliteSeed } from './api/seed-sqlite.mjs';
import { startFresh, startPair } from './api/servers.mjs';

const ROWS = 100_000;
const wanted = process.argv.slice(2).filter((a) => a in TARGETS);
const names = wanted.length > 0 ? wanted : Object.keys(TARGETS);

const dir = mkdtempSync(join(tmpdir(), 'specrun-quick-'));
try {
  const spec = writeBenchSpec(dir);
  const data = join(dir, 'data');
  const where = { data, sqliteFile: join(data, 'specrun.sqlite') };
  const fresh = await startFresh(spec, where);
  const people = {
    reader: await signUp(fresh.base, 'reader'),
    creator: await signUp(fresh.base, 'creator'),
    closer: await signUp(fresh.base, 'closer'),
  };
  await fresh.server.stop();
  const seed = openSqliteSeed(where.sqliteFile);
  const base = seed.base();
  const refs = {
    own: people.reader.id,
    customers: base.users.slice(0, -1),
    products: base.products,
    agent: base.agent.id,
  };
  const pool = [...openTickets(people.closer.id, 2 * TRANSITIONS_PER_SERVER)].map((t) => t);
  seed.tickets(ticketRows(0, ROWS, refs));
  seed.tickets(pool);
  seed.analyze();
  seed.close();
  const ids = pool.map((t) => t.id);
  const pair = await startPair(spec, where);
  try {
    const first = await fetch(`${pair.bases.specrun}/api/tickets?limit=1`, {
      headers: { cookie: people.reader.cookie },
    });
    const ticketId = (await first.json()).items[0].id;
    const half = ids.length / 2;
    const sets = {
      specrun: scenarios({ ...people, ticketId, poolIds: ids.slice(0, half) }),
      baseline: scenarios({ ...people, ticketId, poolIds: ids.slice(half) }),
    };
    await checkSameAnswers(pair.bases, (s) => sets[s]);
    await compare(pair.bases, (s) => sets[s], console.log, names);
  } finally {
    await pair.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
