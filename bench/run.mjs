// `npm run bench`: runs each benchmark, prints the figures, and writes them to bench/results.json
// and docs/benchmarks.md.
import { writeFileSync } from 'node:fs';
import { benchSpecParse } from './spec-parse.mjs';
import { benchWebBundle } from './web-bundle.mjs';
import { writeReport } from './write-report.mjs';

const results = { date: new Date().toISOString(), node: process.version };

results.specParse = benchSpecParse();
const p = results.specParse;
console.log(
  `spec parse and check: ${p.lines} lines, ${p.entities} entities: p50 ${p.ms.p50} ms, p95 ${p.ms.p95} ms (target < ${p.targetMs} ms)`,
);

results.webBundle = benchWebBundle();
const w = results.webBundle;
console.log(
  `web app initial JavaScript: ${w.gzipKB} KB gzipped in ${w.files} file(s) (target < ${w.targetKB} KB)`,
);

writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
writeReport(results);
console.log('written: bench/results.json, docs/benchmarks.md');
