// `npm run bench`: runs each benchmark, prints the figures, and writes them to bench/results.json
// and docs/benchmarks.md. `node bench/run.mjs --skip-api` runs only the quick, offline ones.
import { benchPostgres, benchSqlite } from './api/api-bench.mjs';
import { benchColdStart } from './cold-start.mjs';
import { benchLean } from './lean/lean-bench.mjs';
import { benchSpecParse } from './spec-parse.mjs';
import { benchWebBundle } from './web-bundle.mjs';
import { writeReport } from './write-report.mjs';

const log = (line) => console.log(line);
const results = { date: new Date().toISOString(), node: process.version };

results.specParse = benchSpecParse();
const p = results.specParse;
log(
  `spec parse and check: ${p.lines} lines, ${p.entities} entities: p50 ${p.ms.p50} ms, p95 ${p.ms.p95} ms, CPU p50 ${p.cpuMs.p50} ms (target < ${p.targetMs} ms)`,
);

results.coldStart = await benchColdStart();
const c = results.coldStart;
log(
  `cold start, helpdesk on SQLite: p50 ${c.wallMs.p50} ms, CPU p50 ${c.cpuMs.p50} ms (target < ${c.targetMs} ms)`,
);

results.webBundle = benchWebBundle();
const w = results.webBundle;
log(
  `web app initial JavaScript: ${w.gzipKB} KB gzipped in ${w.files} file(s) (target < ${w.targetKB} KB)`,
);

if (!process.argv.includes('--skip-api')) {
  log('Lean workload: public items, specrun against a hand-written server');
  results.lean = await benchLean(log);
  log('Helpdesk on SQLite: specrun against the hand-written baseline');
  results.sqlite = await benchSqlite(log);
  log('Helpdesk on PostgreSQL: specrun against the hand-written baseline');
  results.postgres = await benchPostgres(log);
  if (!results.postgres) log('  PostgreSQL is not installed: skipped');
}

await writeReport(results);
log('written: bench/results.json, docs/benchmarks.md');
