// The API benchmark: specrun against the hand-written baseline on SQLite (with list latency at
// 10k, 100k and 1M tickets) and on PostgreSQL, with cold start and memory after load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries, startPostgres } from '../support/postgres.mjs';
import { signUp } from './accounts.mjs';
import { writeBenchSpec } from './bench-spec.mjs';
import { compare } from './compare.mjs';
import { sequentialLatency } from './latency.mjs';
import { checkSameAnswers } from './same-answers.mjs';
import { TRANSITIONS_PER_SERVER, scenarios } from './scenarios.mjs';
import { openPostgresSeed } from './seed-postgres.mjs';
import { creatorSessions, openTickets, ticketRows } from './seed-rows.mjs';
import { openSqliteSeed } from './seed-sqlite.mjs';
import { requireBaselineIndexes } from '../baseline/indexes.mjs';
import { startFresh, startPair } from './servers.mjs';

/** The size of the data set the four calls are compared on. */
export const COMPARE_ROWS = 100_000;
const SIZES = [10_000, COMPARE_ROWS, 1_000_000];

/** Signs up the two measured customers on a fresh specrun; answers them and its cold start. */
export async function freshStart(spec, where) {
  const { server, base } = await startFresh(spec, where);
  const people = {
    reader: await signUp(base, 'reader'),
    closer: await signUp(base, 'closer'),
  };
  await server.stop();
  return { people, coldStartFreshMs: server.coldStartMs };
}

/**
 * Loads users, roles, products and the creators' sessions (their Cookie headers go to
 * `people.creators`); answers what the generated tickets refer to: the measured reader, the
 * other customers, products.
 */
export async function seedBase(seed, people) {
  await requireBaselineIndexes(seed);
  const base = await seed.base();
  const sessions = creatorSessions(base.users);
  await seed.sessions(sessions.rows);
  people.creators = sessions.cookies;
  return {
    own: people.reader.id,
    customers: base.users.slice(0, -1),
    products: base.products,
    agent: base.agent.id,
  };
}

/** Scenario sets for each server: the same calls, a separate half of the tickets to cancel. */
export function callsFor(people, ticketId, pool) {
  const half = pool.length / 2;
  const sets = {
    specrun: scenarios({ ...people, ticketId, poolIds: pool.slice(0, half) }),
    baseline: scenarios({ ...people, ticketId, poolIds: pool.slice(half) }),
  };
  return (server) => sets[server];
}

/** The reader's newest ticket, as specrun lists it: the ticket every `get` reads. */
export async function newestTicket(base, reader) {
  const response = await fetch(`${base}/api/tickets?limit=1`, {
    headers: { cookie: reader.cookie },
  });
  const { items } = await response.json();
  if (!items?.[0]) throw new Error(`the reader has no tickets: ${response.status}`);
  return items[0].id;
}

async function comparePair(spec, where, people, pool, log) {
  const pair = await startPair(spec, where);
  try {
    const ticketId = await newestTicket(pair.bases.specrun, people.reader);
    const calls = callsFor(people, ticketId, pool);
    await checkSameAnswers(pair.bases, calls);
    const results = await compare(pair.bases, calls, log);
    const rss = { specrun: pair.specrun.rssMB(), baseline: pair.baseline.rssMB() };
    log(`  RSS after load: specrun ${rss.specrun} MB, baseline ${rss.baseline} MB`);
    return { calls: results, rssMB: rss, coldStartMs: pair.specrun.coldStartMs };
  } finally {
    await pair.stop();
  }
}

async function latencyAt(spec, where, people, rows, log) {
  const pair = await startPair(spec, where);
  try {
    const calls = callsFor(people, '', []);
    const m = await sequentialLatency(pair.bases, (server) => calls(server).list);
    log(
      `  list of 20 at ${rows.toLocaleString('en')} tickets: specrun p50 ${m.specrun.p50} ms, baseline p50 ${m.baseline.p50} ms`,
    );
    return { rows, specrun: m.specrun, baseline: m.baseline };
  } finally {
    await pair.stop();
  }
}

/** SQLite: the list latency at each size, and the comparison at COMPARE_ROWS. */
export async function benchSqlite(log) {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-bench-'));
  try {
    const spec = writeBenchSpec(dir);
    const data = join(dir, 'data');
    const where = { data, sqliteFile: join(data, 'specrun.sqlite') };
    const { people, coldStartFreshMs } = await freshStart(spec, where);
    const seed = openSqliteSeed(where.sqliteFile);
    const refs = await seedBase(seed, people);
    const pool = [...openTickets(people.closer.id, 2 * TRANSITIONS_PER_SERVER)];
    const result = { coldStartFreshMs, latency: [] };
    let loaded = 0;
    for (const rows of SIZES) {
      const started = performance.now();
      seed.tickets(ticketRows(loaded, rows, refs));
      if (rows === COMPARE_ROWS) seed.tickets(pool);
      seed.analyze();
      loaded = rows;
      log(
        `SQLite, ${rows.toLocaleString('en')} tickets loaded in ${Math.round(performance.now() - started)} ms`,
      );
      result.latency.push(await latencyAt(spec, where, people, rows, log));
      if (rows === COMPARE_ROWS)
        Object.assign(
          result,
          { rows },
          await comparePair(
            spec,
            where,
            people,
            pool.map((t) => t.id),
            log,
          ),
        );
    }
    seed.close();
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL: the comparison at COMPARE_ROWS on a throwaway cluster; undefined without PostgreSQL. */
export async function benchPostgres(log) {
  const bin = postgresBinaries();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'specrun-bench-'));
  const cluster = await startPostgres(bin);
  try {
    const spec = writeBenchSpec(dir);
    const where = { databaseUrl: await cluster.createDatabase('bench') };
    const { people, coldStartFreshMs } = await freshStart(spec, where);
    const seed = await openPostgresSeed(where.databaseUrl);
    const refs = await seedBase(seed, people);
    const pool = [...openTickets(people.closer.id, 2 * TRANSITIONS_PER_SERVER)];
    const started = performance.now();
    await seed.tickets(ticketRows(0, COMPARE_ROWS, refs));
    await seed.tickets(pool);
    await seed.analyze();
    await seed.close();
    log(
      `PostgreSQL, ${COMPARE_ROWS.toLocaleString('en')} tickets loaded in ${Math.round(performance.now() - started)} ms`,
    );
    const latency = [await latencyAt(spec, where, people, COMPARE_ROWS, log)];
    const compared = await comparePair(
      spec,
      where,
      people,
      pool.map((t) => t.id),
      log,
    );
    return { coldStartFreshMs, rows: COMPARE_ROWS, latency, ...compared };
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
