// Writes docs/benchmarks.md from one run's results, so the page always shows real figures.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The Markdown page for a run's results. */
export function benchmarkReport(results) {
  const p = results.specParse;
  const w = results.webBundle;
  const verdict = (ok) => (ok ? 'within target' : '**over target**');
  return `# Benchmarks

Figures of one run of \`npm run bench\` (${results.date.slice(0, 10)}, Node ${results.node},
${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}). Each figure is measured in the
same run; run it again on your machine rather than comparing with these numbers.

| What | Figure | Target | |
|---|---|---|---|
| Reading and checking a generated specification (${p.lines} lines, ${p.entities} entities) | p50 ${p.ms.p50} ms, p95 ${p.ms.p95} ms (min ${p.ms.min}, max ${p.ms.max}) | < ${p.targetMs} ms | ${verdict(p.ms.p50 < p.targetMs)} |
| The web app's initial JavaScript, gzipped | ${w.gzipKB} KB in ${w.files} file(s) | < ${w.targetKB} KB | ${verdict(w.gzipKB < w.targetKB)} |

The specification is made by \`bench/generate-spec.mjs\`: 50 entities of 73 fields with
lifecycles, validation rules with \`count()\`, permissions with conditions and screens with
filters, so that every reader and every expression check runs.
`;
}

/** Writes the report beside the other documentation. */
export function writeReport(results) {
  writeFileSync(new URL('../docs/benchmarks.md', import.meta.url), benchmarkReport(results));
}
