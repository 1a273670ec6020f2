// `npm run bench:anchors`: the lean workload against Directus (issue 24), same data, same run.
// Installs directus@11.3.5 on demand outside the repository (directus-install.mjs), loads the
// same items into specrun's database and Directus's at each size, checks that both answer the
// same items, then measures the list of 20 and the get by id on both and writes specrun /
// Directus into docs/benchmarks.md. `-- --sizes 10000,100000` measures other sizes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compare } from '../api/compare.mjs';
import { startSpecrun } from '../api/processes.mjs';
import { startFresh } from '../api/servers.mjs';
import { freePort } from '../support/free-port.mjs';
import { LEAN_INDEXES, requireBaselineIndexes } from '../baseline/indexes.mjs';
import { LEAN_RUNS, LEAN_SIZES, LEAN_SPEC, leanCalls, newestItem } from '../lean/lean-bench.mjs';
import { openItemsSeed } from '../lean/seed-items.mjs';
import { writeAnchors } from '../write-report.mjs';
import { DIRECTUS_VERSION, ensureDirectus } from './directus-install.mjs';
import { startDirectus } from './directus-server.mjs';

/** Issue 24: specrun at least ten times Directus on both calls. */
const ANCHOR_TARGETS = { list: 10, get: 10 };

const directusCalls = (itemId) => ({
  list: { path: '/items/items?limit=20&sort=-createdAt' },
  get: { path: `/items/items/${itemId}` },
});

const log = (line) => console.log(line);

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** Throws unless both list the same 20 items, newest first, and read the same one by id. */
async function checkSameItems(bases, itemId) {
  const key = (i) => `${i.id} ${i.title} ${i.price} ${i.stock} ${Date.parse(i.createdAt)}`;
  const ours = await json(`${bases.specrun}${leanCalls(itemId).list.path}`);
  const theirs = await json(`${bases.directus}${directusCalls(itemId).list.path}`);
  const [a, b] = [ours.items.map(key).join('\n'), theirs.data.map(key).join('\n')];
  if (a !== b) throw new Error(`specrun and Directus list different items:\n${a}\n---\n${b}`);
  const one = await json(`${bases.specrun}${leanCalls(itemId).get.path}`);
  const other = await json(`${bases.directus}${directusCalls(itemId).get.path}`);
  if (key(one) !== key(other.data))
    throw new Error(`specrun and Directus read ${itemId} differently`);
}

async function measureAt(where, directus, rows) {
  const port = await freePort();
  const specrun = await startSpecrun({ spec: LEAN_SPEC, port, ...where });
  try {
    const bases = { specrun: `http://127.0.0.1:${port}`, directus: directus.base };
    const itemId = await newestItem(bases.specrun);
    await checkSameItems(bases, itemId);
    const calls = (server) => (server === 'specrun' ? leanCalls : directusCalls)(itemId);
    const results = await compare(bases, calls, log, { targets: ANCHOR_TARGETS, runs: LEAN_RUNS });
    return { rows, calls: results };
  } finally {
    await specrun.stop();
  }
}

const { values: args } = parseArgs({ options: { sizes: { type: 'string' } } });
const sizes = args.sizes ? args.sizes.split(',').map(Number) : LEAN_SIZES;
if (!process.version.startsWith('v20.'))
  log(`Note: issue 24 measures Directus on Node 20; this is Node ${process.version}.`);
const cli = await ensureDirectus(log);
const work = mkdtempSync(join(tmpdir(), 'specrun-anchors-'));
try {
  const data = join(work, 'data');
  const where = { data, sqliteFile: join(data, 'specrun.sqlite') };
  await (await startFresh(LEAN_SPEC, where)).server.stop();
  log(`Starting Directus ${DIRECTUS_VERSION} (bootstrap, collection, public read)`);
  const directus = await startDirectus(cli, work, await freePort());
  const seeds = [openItemsSeed(where.sqliteFile), openItemsSeed(directus.file, { instants: 'ms' })];
  try {
    await requireBaselineIndexes(seeds[0], LEAN_INDEXES);
    // The index a careful Directus user adds for the newest-first list; specrun derives it.
    seeds[1].exec('CREATE INDEX items_createdAt_id ON items ("createdAt" DESC, id)');
    const measured = [];
    let loaded = 0;
    for (const rows of sizes) {
      for (const seed of seeds) {
        seed.items(loaded, rows);
        seed.analyze();
      }
      loaded = rows;
      log(`Anchors, ${rows.toLocaleString('en')} items in both databases`);
      measured.push(await measureAt(where, directus, rows));
    }
    const anchors = {
      date: new Date().toISOString(),
      node: process.version,
      directus: DIRECTUS_VERSION,
      runs: LEAN_RUNS,
      sizes: measured,
    };
    await writeAnchors(anchors);
    log('written: docs/benchmarks.md (anchors), bench/results.json');
  } finally {
    for (const seed of seeds) seed.close();
    await directus.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
