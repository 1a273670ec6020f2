// Writes docs/benchmarks.md from one run's results, so the page always shows real figures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { CONNECTIONS } from './api/load.mjs';
import { comparisonTable, customerListLine, latencyTable } from './api/report-tables.mjs';
import { RUNS } from './api/scenarios.mjs';
import { CREATORS } from './api/seed-rows.mjs';
import { anchorsSection, keptAnchors } from './anchors/anchors-report.mjs';
import { BASELINE_INDEXES } from './baseline/indexes.mjs';
import { leanReport } from './lean/lean-report.mjs';

const verdict = (ok) => (ok ? 'within target' : '**over target**');
const spread = (s) => `p50 ${s.p50} ms (min ${s.min}, max ${s.max})`;

function coldStartRow(cold) {
  if (!cold) return '';
  return `| Cold start: \`specrun start\` to its first answer, helpdesk on SQLite (${cold.runs} starts) | ${spread(cold.wallMs)}; CPU ${spread(cold.cpuMs)} | < ${cold.targetMs} ms | ${verdict(cold.wallMs.p50 < cold.targetMs)} |\n`;
}

const CHANGES = new URL('./targets-changes.md', import.meta.url);
/** Where a request's time goes, and what was tried: kept by hand, measured by other tools. */
const REQUEST_TIME = new URL('./request-time-notes.md', import.meta.url);

/**
 * How the two targets are measured, and what each change did to them (bench/targets-changes.md,
 * kept by hand: each figure there was measured before and after one commit, which a single run
 * of the benchmarks cannot show).
 */
function targetsMethod() {
  return `
### How reading and cold start are measured

Reading: \`parseSpec\` on the generated text, 5 runs of warm-up then 30 timed runs in one
process, each timed by the clock (\`performance.now()\`) and by the process's CPU time
(\`process.cpuUsage()\`, user and system, garbage collection included).

Cold start: \`specrun start examples/helpdesk.spec.md --quiet --data DIR\` is started 11 times
on one SQLite database, with the Node settings of its own entry; the first start creates the
tables and is not counted. Each start is timed from spawning the process until \`GET
/api/_health\` first answers 200 (polled every 5 ms), and the server's CPU time by then is read
from \`/proc/PID/stat\` (user and system, every thread; 10 ms steps).

On a machine shared with other work the clock figures move with the load, by several times;
CPU time moves much less, so changes are judged by the CPU medians. \`npm run bench:quick --
parse start\` measures the two alone.
${existsSync(CHANGES) ? `\n${readFileSync(CHANGES, 'utf8')}` : ''}`;
}

/** The Markdown page for a run's results (without the anchors, which their own run writes). */
export function benchmarkReport(results) {
  const p = results.specParse;
  const w = results.webBundle;
  return `# Benchmarks

Figures of one run of \`npm run bench\` (${results.date.slice(0, 10)}, Node ${results.node},
${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}). Each figure is measured in the
same run; run it again on your machine rather than comparing with these numbers.

| What | Figure | Target | |
|---|---|---|---|
| Reading and checking a generated specification (${p.lines} lines, ${p.entities} entities; ${p.runs} runs) | ${spread(p.ms)}; CPU ${spread(p.cpuMs)} | < ${p.targetMs} ms | ${verdict(p.ms.p50 < p.targetMs)} |
| The web app's initial JavaScript, gzipped | ${w.gzipKB} KB in ${w.files} file(s) | < ${w.targetKB} KB | ${verdict(w.gzipKB < w.targetKB)} |
${coldStartRow(results.coldStart)}
The specification is made by \`bench/generate-spec.mjs\`: 50 entities of 73 fields with
lifecycles, validation rules with \`count()\`, permissions with conditions and screens with
filters, so that every reader and every expression check runs. The targets are issue 24's.
${targetsMethod()}${results.lean ? leanReport(results.lean) : ''}${results.sqlite ? apiReport(results) : ''}${existsSync(REQUEST_TIME) ? `\n${readFileSync(REQUEST_TIME, 'utf8')}` : ''}`;
}

/** The baseline's indexes as a Markdown list: where they are and what each serves. */
function indexList() {
  return BASELINE_INDEXES.map(
    (i) => `- \`${i.table} (${i.columns.join(', ')})\`: ${i.serves}.`,
  ).join('\n');
}

function apiReport(results) {
  return `
## The helpdesk against a hand-written baseline

\`specrun start --quiet\` serves the helpdesk example (\`examples/helpdesk.spec.md\`, with
\`MAX_OPEN_TICKETS\` raised so that thousands of creates are not refused; the rule still runs).
Beside it, \`bench/baseline/server.mjs\` serves the same four calls as a developer would write
them by hand with Fastify and better-sqlite3 or pg: on the very database specrun made (same
tables, same indexes, same session lookup by cookie, the same headers and bodies, which the
run checks before measuring, as in the lean workload). The data is loaded by SQL: 2,000
customers, 20 products and tickets in a realistic mix of states; the measured customer has
1,000 tickets among everybody's, and customers see only their own (section 6's row condition).
Tickets are opened by ${CREATORS} customers in turn (their sessions are loaded by SQL too), as
they come to a helpdesk, and the rule counts each one's open tickets. The baseline counts and
inserts as most hand-written code does, without taking turns: on PostgreSQL, racing creates can
give a customer more tickets than the rule allows there, which specrun's cannot (a customer's
creates take turns; see docs/decisions.md).

The indexes are those a careful engineer would add for the baseline's queries, listed in
\`bench/baseline/indexes.mjs\`; the run checks that the database holds them before measuring.
specrun derives the same ones from the specification (docs/spec-language.md, "Indexes"):
${indexList()}

Get by id and the transition read by the primary key.

Each call is measured with autocannon on 127.0.0.1, ${CONNECTIONS} connections, after a warm-up
of each server, in ${RUNS.rounds} rounds of both servers, specrun first in the first round and
each round in the other order from the last: each round ${RUNS.timed.measure.seconds} s
for the list of 20, the get by id and the create, and
${RUNS.transitions.measure.amount.toLocaleString('en')} requests for the transition (\`cancel\`,
each on a different open ticket). Both servers run with the same Node settings (the
\`--max-semi-space-size=64\` that \`specrun\` starts with) and log alike (\`--quiet\`: warnings
and errors only). Figures are the medians of the
rounds, and the ratio is the median of the rounds' ratios: the two servers are compared a few
seconds apart, on the same machine, so the ratio is what counts. The latency by size is the
time of one request at a time, without queueing, timed as in the lean workload.

${comparisonTable('SQLite', results.sqlite)}
${customerListLine(results.sqlite, results.postgres)}
${comparisonTable('PostgreSQL', results.postgres)}
${latencyTable(results.sqlite)}`;
}

/** Formats a file's text as the repository's Prettier settings want it, so lint stays clean. */
export async function formatted(url, text) {
  const filepath = fileURLToPath(url);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}

const PAGE = new URL('../docs/benchmarks.md', import.meta.url);
const RESULTS = new URL('./results.json', import.meta.url);
const read = (url, empty) => (existsSync(url) ? readFileSync(url, 'utf8') : empty);

async function write(page, results) {
  writeFileSync(PAGE, await formatted(PAGE, page));
  writeFileSync(RESULTS, await formatted(RESULTS, JSON.stringify(results, null, 2)));
}

/**
 * Writes the report of a run of `npm run bench` beside the other documentation, and the raw
 * figures beside the benchmarks; the anchors' section and figures, which that run does not
 * measure, are kept as the last `npm run bench:anchors` wrote them.
 */
export async function writeReport(results) {
  const { anchors } = JSON.parse(read(RESULTS, '{}'));
  const kept = keptAnchors(read(PAGE, ''));
  await write(`${benchmarkReport(results)}\n${kept}`, { ...results, anchors });
}

/** Writes the anchors' section at the end of the page, and their figures with the others. */
export async function writeAnchors(anchors) {
  const page = read(PAGE, '# Benchmarks\n');
  const kept = keptAnchors(page);
  const rest = kept ? page.slice(0, page.length - kept.length) : `${page}\n`;
  await write(`${rest}${anchorsSection(anchors)}`, { ...JSON.parse(read(RESULTS, '{}')), anchors });
}
