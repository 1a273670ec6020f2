// A quick comparison for working on the request path: specrun against the baseline at 100,000
// tickets, the four calls or those named (no size series, no report), on SQLite or, with
// `--postgres`, on a throwaway PostgreSQL cluster.
// `npm run bench:quick -- [--postgres] [list get create transition]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries, startPostgres } from './support/postgres.mjs';
import { callsFor, freshStart, newestTicket, seedBase } from './api/api-bench.mjs';
import { writeBenchSpec } from './api/bench-spec.mjs';
import { compare, TARGETS } from './api/compare.mjs';
import { checkSameAnswers } from './api/same-answers.mjs';
import { TRANSITIONS_PER_SERVER } from './api/scenarios.mjs';
import { openPostgresSeed } from './api/seed-postgres.mjs';
import { openTickets, ticketRows } from './api/seed-rows.mjs';
import { openSqliteSeed } from './api/seed-sqlite.mjs';
import { startPair } from './api/servers.mjs';

const ROWS = 100_000;
const onPostgres = process.argv.includes('--postgres');
const wanted = process.argv.slice(2).filter((a) => a in TARGETS);
const names = wanted.length > 0 ? wanted : Object.keys(TARGETS);

/** Where the data lives, and a way to load tickets into it; the cluster to stop, if any. */
async function openDatabase(dir) {
  if (!onPostgres) {
    const data = join(dir, 'data');
    const where = { data, sqliteFile: join(data, 'specrun.sqlite') };
    return { where, seed: () => openSqliteSeed(where.sqliteFile), stop: async () => {} };
  }
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (set PG_BIN)');
  const cluster = await startPostgres(bin);
  const where = { databaseUrl: await cluster.createDatabase('quick') };
  return { where, seed: () => openPostgresSeed(where.databaseUrl), stop: () => cluster.stop() };
}

const dir = mkdtempSync(join(tmpdir(), 'specrun-quick-'));
const database = await openDatabase(dir);
try {
  const spec = writeBenchSpec(dir);
  const { where } = database;
  const { people } = await freshStart(spec, where);
  const seed = await database.seed();
  const pool = [...openTickets(people.closer.id, 2 * TRANSITIONS_PER_SERVER)];
  await seed.tickets(ticketRows(0, ROWS, await seedBase(seed, people)));
  await seed.tickets(pool);
  await seed.analyze();
  await seed.close();
  const pair = await startPair(spec, where);
  try {
    const ticketId = await newestTicket(pair.bases.specrun, people.reader);
    const calls = callsFor(
      people,
      ticketId,
      pool.map((t) => t.id),
    );
    await checkSameAnswers(pair.bases, calls);
    await compare(pair.bases, calls, console.log, { names });
  } finally {
    await pair.stop();
  }
} finally {
  await database.stop();
  rmSync(dir, { recursive: true, force: true });
}
