// A quick run for working on the engine: reading the generated 5,000-line specification
// (`parse`), cold start (`start`), and specrun against the baseline at 100,000 tickets, the four
// calls (no size series, no report), on SQLite or, with `--postgres`, on a throwaway PostgreSQL
// cluster. Everything, or only what is named:
// `npm run bench:quick -- [--postgres] [parse start list get create transition]`.
import { compare, TARGETS } from './api/compare.mjs';
import { withHelpdeskPair } from './api/helpdesk-pair.mjs';
import { benchColdStart } from './cold-start.mjs';
import { benchSpecParse } from './spec-parse.mjs';

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

/** The four calls (or those named) against the baseline at 100,000 tickets. */
const compareCalls = () =>
  withHelpdeskPair((pair, calls) => compare(pair.bases, calls, console.log, { names }), {
    postgres: onPostgres,
  });

if (names.length > 0) await compareCalls();
