// A quick comparison for working on the request path: specrun against the baseline on SQLite at
// 100,000 tickets, the four calls or those named (no size series, no PostgreSQL, no report).
// `npm run bench:quick -- [list get create transition]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callsFor, freshStart, newestTicket, refsOf } from './api/api-bench.mjs';
import { writeBenchSpec } from './api/bench-spec.mjs';
import { checkSameAnswers, compare, TARGETS } from './api/compare.mjs';
import { TRANSITIONS_PER_SERVER } from './api/scenarios.mjs';
import { openTickets, ticketRows } from './api/seed-rows.mjs';
import { openSqliteSeed } from './api/seed-sqlite.mjs';
import { startPair } from './api/servers.mjs';

const ROWS = 100_000;
const wanted = process.argv.slice(2).filter((a) => a in TARGETS);
const names = wanted.length > 0 ? wanted : Object.keys(TARGETS);

const dir = mkdtempSync(join(tmpdir(), 'specrun-quick-'));
try {
  const spec = writeBenchSpec(dir);
  const data = join(dir, 'data');
  const where = { data, sqliteFile: join(data, 'specrun.sqlite') };
  const { people } = await freshStart(spec, where);
  const seed = openSqliteSeed(where.sqliteFile);
  const pool = [...openTickets(people.closer.id, 2 * TRANSITIONS_PER_SERVER)];
  seed.tickets(ticketRows(0, ROWS, refsOf(people, seed.base())));
  seed.tickets(pool);
  seed.analyze();
  seed.close();
  const pair = await startPair(spec, where);
  try {
    const ticketId = await newestTicket(pair.bases.specrun, people.reader);
    const calls = callsFor(
      people,
      ticketId,
      pool.map((t) => t.id),
    );
    await checkSameAnswers(pair.bases, calls);
    await compare(pair.bases, calls, console.log, names);
  } finally {
    await pair.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
