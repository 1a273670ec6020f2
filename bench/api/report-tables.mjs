// The helpdesk benchmark's part of docs/benchmarks.md.
import { CUSTOMER_LIST } from './compare.mjs';
import { OWN_TICKETS } from './seed-rows.mjs';

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

/** The customer's list against issue 24's target, on SQLite (and as measured on PostgreSQL). */
export function customerListLine(sqlite, postgres) {
  const rps = sqlite.calls.list?.specrun.rps;
  if (rps === undefined) return '';
  const onPostgres = postgres?.calls.list
    ? ` On PostgreSQL: ${postgres.calls.list.specrun.rps} req/s.`
    : '';
  return `The customer's list (their 20 newest of their ${OWN_TICKETS.toLocaleString('en')} tickets among
everybody's): specrun ${rps} req/s on SQLite; target at least ${CUSTOMER_LIST.target.toLocaleString('en')}
req/s, five times the ${CUSTOMER_LIST.before} issue 24 measured when each request sorted the
customer's tickets (an absolute figure, unlike the ratios: it holds on a machine like that one):
${verdict(rps >= CUSTOMER_LIST.target)}.${onPostgres}
`;
}

const ms = (n) => `${n.toFixed(3)} ms`;

/** List latency by size (one request at a time, timed precisely), with issue 8's 2× target. */
export function latencyTable(sqlite) {
  const rows = sqlite.latency.map(
    (l) => `| ${l.rows.toLocaleString('en')} | ${ms(l.specrun.p50)} | ${ms(l.baseline.p50)} |`,
  );
  const small = sqlite.latency[0];
  const large = sqlite.latency.at(-1);
  const factor = Math.round((large.specrun.p50 / small.specrun.p50) * 100) / 100;
  return `### A customer's list of 20 as the data grows (SQLite, one request at a time)

| Tickets | specrun p50 | baseline p50 |
|---|---|---|
${rows.join('\n')}

specrun's p50 at ${large.rows.toLocaleString('en')} tickets is ${factor}× its p50 at ${small.rows.toLocaleString('en')}
(target: within 2×): ${verdict(factor <= 2)}.
`;
}
