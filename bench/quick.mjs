// A quick run for working on the engine: reading the generated 5,000-line specification
// (`parse`), cold start (`start`), and specrun against the baseline at 100,000 tickets, the four
// calls (no size series, no report), on SQLite or, with `--postgres`, on a throwaway PostgreSQL
// cluster. Everything, or only what is named:
// `npm run bench:quick -- [--postgres] [parse start list get create transition]`.
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
import { benchColdStart } from './cold-start.mjs';
import { benchSpecParse } from './spec-parse.mjs';

const ROWS = 100_000;
const onPostgres = process.argv.includes('--postgres');
const OWN = ['parse', 'start'];
const wanted = process.argv.slice(2).filter((a) => a in TARGETS || OWN.includes(a));
const runs = (name) => wanted.length === 0 || wanted.includes(name);
const names = Object.keys(TARGETS).filter(runs);
const range = (s) => `median ${s.p50} ms (min ${s.min}, max ${s.max})`;

if (runs('parse')) {
  const p = benchSpecParse();
  console.log(`parse and check, ${p.lines} lines (${p.runs} runs, target < ${p.targetMs} ms):`);
  console.log(`  CPU ${range(p.cpuMs)}; wall ${range(p.ms)}`);
}
if (runs('start')) {
  const c = await benchColdStart();
  console.log(`cold start to the first answer (${c.runs} runs, target < ${c.targetMs} ms):`);
  console.log(`  CPU ${range(c.cpuMs)}; wall ${range(c.wallMs)}`);
  console.log(
    `  first start, creating the tables: CPU ${c.fresh.cpuMs} ms, wall ${c.fresh.wallMs} ms`,
  );
}

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

/** The four calls (or those named) against the baseline at ROWS tickets. */
async function compareCalls() {
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
}

if (names.length > 0) await compareCalls();
