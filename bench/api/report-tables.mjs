// The API benchmark's part of docs/benchmarks.md.

const verdict = (ok) => (ok ? 'met' : '**missed**');
const rate = (m) => `${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms`;

/** The comparison table of one database. */
export function comparisonTable(title, db) {
  if (!db) return `### ${title}\n\nNot run (PostgreSQL is not installed).\n`;
  const rows = Object.entries(db.calls).map(
    ([name, c]) =>
      `| ${name} | ${rate(c.specrun)} | ${rate(c.baseline)} | ${c.ratio} | ≥ ${c.target} | ${verdict(c.ratio >= c.target)} |`,
  );
  return `### ${title}, ${db.rows.toLocaleString('en')} tickets

| Call | specrun | baseline | specrun / baseline | Target | |
|---|---|---|---|---|---|
${rows.join('\n')}

Cold start, command to first 200: ${db.coldStartFreshMs} ms on an empty database (creating the
tables), ${db.coldStartMs} ms on the loaded one. Resident memory after the load: specrun
${db.rssMB.specrun} MB, baseline ${db.rssMB.baseline} MB.
`;
}

/** List latency by size (one connection, so no queueing), with the 1M-vs-10k target. */
export function latencyTable(sqlite) {
  const rows = sqlite.latency.map(
    (l) => `| ${l.rows.toLocaleString('en')} | ${l.specrun.p50} ms | ${l.baseline.p50} ms |`,
  );
  const small = sqlite.latency[0];
  const large = sqlite.latency.at(-1);
  const factor = Math.round((large.specrun.p50 / small.specrun.p50) * 10) / 10;
  return `### A list of 20 as the data grows (SQLite, one connection)

| Tickets | specrun p50 | baseline p50 |
|---|---|---|
${rows.join('\n')}

specrun's p50 at ${large.rows.toLocaleString('en')} tickets is ${factor}× its p50 at ${small.rows.toLocaleString('en')}
(target: within 2×): ${verdict(factor <= 2)}.
`;
}
