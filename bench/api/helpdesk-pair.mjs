// The helpdesk comparison's setting, shared by the quick run and the CPU-time run: a fresh data
// folder (SQLite, or a throwaway PostgreSQL cluster), 100,000 tickets loaded by SQL, specrun and
// the baseline started on it and checked to answer the same bytes. `use` gets the pair and the
// calls; everything is stopped and removed after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries, startPostgres } from '../support/postgres.mjs';
import { callsFor, freshStart, newestTicket, seedBase } from './api-bench.mjs';
import { writeBenchSpec } from './bench-spec.mjs';
import { checkSameAnswers } from './same-answers.mjs';
import { TRANSITIONS_PER_SERVER } from './scenarios.mjs';
import { openPostgresSeed } from './seed-postgres.mjs';
import { openTickets, ticketRows } from './seed-rows.mjs';
import { openSqliteSeed } from './seed-sqlite.mjs';
import { startPair } from './servers.mjs';

export const HELPDESK_ROWS = 100_000;

/** Where the data lives, and a way to load tickets into it; the cluster to stop, if any. */
async function openDatabase(dir, onPostgres) {
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

/**
 * Runs `use(pair, calls, where, spec)` on a loaded helpdesk: `pair` as startPair answers it,
 * `calls(server)` each server's scenarios, with `transitions` open tickets to cancel for each (by
 * default as many as the throughput comparison takes), `spec` the specification's file. `specrun` and `baseline` are more of each one's
 * start options (`nodeFlags`, and specrun's `unbundled`: a CPU profile).
 */
export async function withHelpdeskPair(use, options = {}) {
  const { postgres = false, transitions = TRANSITIONS_PER_SERVER } = options;
  const { specrun = {}, baseline = {} } = options;
  const dir = mkdtempSync(join(tmpdir(), 'specrun-quick-'));
  const database = await openDatabase(dir, postgres);
  try {
    const spec = writeBenchSpec(dir);
    const { where } = database;
    const { people } = await freshStart(spec, where);
    const seed = await database.seed();
    const pool = [...openTickets(people.closer.id, 2 * transitions)];
    await seed.tickets(ticketRows(0, HELPDESK_ROWS, await seedBase(seed, people)));
    await seed.tickets(pool);
    await seed.analyze();
    await seed.close();
    const pair = await startPair(spec, where, undefined, specrun, baseline);
    try {
      const ticketId = await newestTicket(pair.bases.specrun, people.reader);
      const calls = callsFor(
        people,
        ticketId,
        pool.map((t) => t.id),
      );
      await checkSameAnswers(pair.bases, calls);
      return await use(pair, calls, where, spec);
    } finally {
      await pair.stop();
    }
  } finally {
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
