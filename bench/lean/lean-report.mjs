// The lean workload's part of docs/benchmarks.md.
import { LATENCY_RUNS } from '../api/latency.mjs';
import { CONNECTIONS } from '../api/load.mjs';
import { LEAN_INDEXES } from '../baseline/indexes.mjs';

const verdict = (ok) => (ok ? 'met' : '**missed**');
const count = (n) => n.toLocaleString('en');
const ms = (n) => `${n.toFixed(3)} ms`;

function throughputRows(sizes) {
  return sizes.map(({ rows, calls }) => {
    const cells = Object.values(calls).map(
      (c) =>
        `${c.specrun.rps} | ${c.baseline.rps} | ${c.ratio} (≥ ${c.target}) | ${verdict(c.ratio >= c.target)}`,
    );
    return `| ${count(rows)} | ${cells.join(' | ')} |`;
  });
}

function latencyRows(sizes) {
  return sizes.map(({ rows, latency: { list, get } }) => {
    const cells = [list.specrun, list.baseline, get.specrun, get.baseline].map(
      (l) => `${ms(l.p50)} (p99 ${ms(l.p99)})`,
    );
    return `| ${count(rows)} | ${cells.join(' | ')} |`;
  });
}

/** The lean section of the report, from `results.lean`. */
export function leanReport(lean) {
  const { runs } = lean;
  const small = lean.sizes[0];
  const large = lean.sizes.at(-1);
  const growth =
    Math.round((large.latency.list.specrun.p50 / small.latency.list.specrun.p50) * 100) / 100;
  const index = LEAN_INDEXES.map((i) => `\`${i.table} (${i.columns.join(', ')})\``).join(', ');
  return `
## The lean workload: public items against a hand-written server

\`specrun start --quiet\` serves \`bench/lean/items.spec.md\`: one entity of public items
(title, body, price, stock; section 6 lets \`anyone\` read them), loaded by SQL at
${new Intl.ListFormat('en').format(lean.sizes.map((s) => count(s.rows)))} rows. Beside it, \`bench/baseline/items-server.mjs\`
serves the same two calls as a careful engineer writes them with Fastify and better-sqlite3:
prepared statements, on the very database specrun made, read through the index ${index} that
specrun derives from the specification (the run checks the database holds it). The database
does little here, so what each server does per request shows. Before measuring, the run checks
that both answer the same status, body and headers (all of them; of \`date\` and \`etag\` only
that both send one), for the list, its next page and the get. specrun runs with \`--quiet\`
(warnings and errors only), the log level of the hand-written servers: neither writes a line
per request.

The calls are \`GET /api/items?limit=20\` (newest first) and \`GET /api/items/:id\` (the newest
item). Throughput is measured with autocannon, ${CONNECTIONS} connections, in ${runs.rounds}
rounds of both servers (each round in the other order from the last),
${runs.timed.measure.seconds} s each after a warm-up; the ratio is the median of the rounds' ratios.

| Items | list: specrun req/s | hand-written | specrun / hand-written | | get: specrun req/s | hand-written | specrun / hand-written | |
|---|---|---|---|---|---|---|---|---|
${throughputRows(lean.sizes).join('\n')}

### One request at a time

Each server is sent one request after the other on one kept-alive connection, each timed from
sending to the answer's last byte with \`performance.now()\` (autocannon counts whole
milliseconds): ${LATENCY_RUNS.warmup} requests of warm-up, then ${LATENCY_RUNS.rounds} rounds of
${LATENCY_RUNS.amount} taking the servers in turn.

| Items | list: specrun p50 | hand-written | get: specrun p50 | hand-written |
|---|---|---|---|---|
${latencyRows(lean.sizes).join('\n')}

specrun's list p50 at ${count(large.rows)} items is ${growth}× its p50 at ${count(small.rows)}
(target: within ${lean.growthTarget}×): ${verdict(growth <= lean.growthTarget)}.
`;
}
