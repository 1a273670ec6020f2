// The lean workload of issue 24: public items (items.spec.md) at 10k, 100k and 1M rows, where the
// database does little and the engine's own work per request shows. At each size specrun and the
// hand-written items server (bench/baseline/items-server.mjs) answer a list of 20 and a get by
// id: req/s in interleaved rounds (compare.mjs) and the time of one request at a time
// (latency.mjs), after checking that both answer the same bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEAN_INDEXES, requireBaselineIndexes } from '../baseline/indexes.mjs';
import { compare } from '../api/compare.mjs';
import { sequentialLatency } from '../api/latency.mjs';
import { startItemsBaseline } from '../api/processes.mjs';
import { checkSameAnswers } from '../api/same-answers.mjs';
import { startFresh, startPair } from '../api/servers.mjs';
import { openItemsSeed } from './seed-items.mjs';

/** The specification the lean workload serves. */
export const LEAN_SPEC = fileURLToPath(new URL('./items.spec.md', import.meta.url));
export const LEAN_SIZES = [10_000, 100_000, 1_000_000];
/** Issue 24: specrun's share of the hand-written server's req/s. */
export const LEAN_TARGETS = { list: 0.9, get: 0.8 };
/** Issue 24: specrun's list p50 at the largest size over its p50 at the smallest, at most. */
export const LEAN_GROWTH_TARGET = 1.5;
/** Interleaved rounds as the helpdesk's (scenarios.mjs), shorter: three sizes are measured. */
export const LEAN_RUNS = {
  rounds: 5,
  timed: { warmup: { seconds: 2 }, measure: { seconds: 3 } },
};

/** The lean calls: the first page of 20, newest first, and one item by id. */
export const leanCalls = (itemId) => ({
  list: { path: '/api/items?limit=20' },
  get: { path: `/api/items/${itemId}` },
});

/** The newest item, as specrun lists it: the one every get reads. */
export async function newestItem(base) {
  const response = await fetch(`${base}/api/items?limit=1`);
  const { items } = await response.json();
  if (!items?.[0]) throw new Error(`specrun lists no items: ${response.status}`);
  return items[0].id;
}

async function measureAt(where, rows, log, runs) {
  const pair = await startPair(LEAN_SPEC, where, startItemsBaseline);
  try {
    const scenario = leanCalls(await newestItem(pair.bases.specrun));
    const calls = () => scenario;
    await checkSameAnswers(pair.bases, calls);
    const latency = {};
    for (const name of Object.keys(LEAN_TARGETS)) {
      latency[name] = await sequentialLatency(pair.bases, (server) => calls(server)[name]);
      log(
        `  ${name} one at a time: specrun p50 ${latency[name].specrun.p50} ms, baseline p50 ${latency[name].baseline.p50} ms`,
      );
    }
    const results = await compare(pair.bases, calls, log, { targets: LEAN_TARGETS, runs });
    return { rows, calls: results, latency };
  } finally {
    await pair.stop();
  }
}

/** Runs the lean workload at each size on a throwaway SQLite database; answers its figures. */
export async function benchLean(log, { sizes = LEAN_SIZES, runs = LEAN_RUNS } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-bench-lean-'));
  try {
    const data = join(dir, 'data');
    const where = { data, sqliteFile: join(data, 'specrun.sqlite') };
    const { server } = await startFresh(LEAN_SPEC, where);
    await server.stop();
    const seed = openItemsSeed(where.sqliteFile);
    await requireBaselineIndexes(seed, LEAN_INDEXES);
    const measured = [];
    let loaded = 0;
    for (const rows of sizes) {
      const started = performance.now();
      seed.items(loaded, rows);
      seed.analyze();
      loaded = rows;
      log(
        `Lean, ${rows.toLocaleString('en')} items loaded in ${Math.round(performance.now() - started)} ms`,
      );
      measured.push(await measureAt(where, rows, log, runs));
    }
    seed.close();
    return {
      sizes: measured,
      runs,
      growthTarget: LEAN_GROWTH_TARGET,
      coldStartFreshMs: server.coldStartMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
