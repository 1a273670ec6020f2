// Runs each call against specrun and then the server it is compared with, and the ratio of their
// throughputs.
import { measure } from './load.mjs';
import { RUNS } from './scenarios.mjs';

/**
 * Targets of issue 24 for the helpdesk: specrun's share of the hand-written baseline's req/s,
 * the baseline having the indexes a careful engineer adds (bench/baseline/indexes.mjs).
 */
export const TARGETS = { list: 0.9, get: 0.9, create: 0.9, transition: 0.9 };

/**
 * Issue 24: the customer's list (the helpdesk's `list`, on SQLite) at least 5 times the req/s
 * it had when it sorted the customer's tickets: 280–500 req/s in issue 24's runs, so 5 × 500.
 * An absolute figure, unlike the ratios: it holds on a machine like the one that measured it.
 */
export const CUSTOMER_LIST = { before: '280–500 req/s', target: 2500 };

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round2 = (n) => Math.round(n * 100) / 100;

/** One server's rounds as one measurement: the median of each figure, the counts summed. */
function summary(rounds) {
  return {
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    rps: Math.round(median(rounds.map((r) => r.rps))),
    p50: round2(median(rounds.map((r) => r.p50))),
    p99: round2(median(rounds.map((r) => r.p99))),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    rounds: rounds.map((r) => r.rps),
  };
}

const rate = (who, m) => `${who} ${m.rps} req/s (p50 ${m.p50} ms, p99 ${m.p99} ms)`;

/**
 * `bases` names two servers, specrun first (`{ specrun, baseline }`, `{ specrun, directus }`);
 * `calls(server)` gives each its scenarios (transitions need their own tickets, Directus its own
 * paths). Each call of `names` is warmed up on both, then measured in `runs.rounds` rounds of
 * one then the other, their order swapped from one round to the next; the ratio is the median of
 * the rounds' ratios, each taken between two runs a few seconds apart. Answers, per call, both
 * measurements, the ratio of the first to the second and its target.
 */
export async function compare(bases, calls, log, options = {}) {
  const { targets = TARGETS, names = Object.keys(targets), runs = RUNS } = options;
  const servers = Object.keys(bases);
  const [first, second] = servers;
  const results = {};
  for (const name of names) {
    const bounds = name === 'transition' ? runs.transitions : runs.timed;
    const once = { measure: bounds.measure };
    const measured = { [first]: [], [second]: [] };
    for (const s of servers) await measure(bases[s], calls(s)[name], { measure: bounds.warmup });
    // Each round in the other order from the last: a machine getting faster or slower during
    // the run (its load, its caches) would otherwise always favour the one measured second.
    for (let round = 0; round < runs.rounds; round++)
      for (const s of round % 2 === 0 ? servers : [...servers].reverse())
        measured[s].push(await measure(bases[s], calls(s)[name], once));
    const figures = Object.fromEntries(servers.map((s) => [s, summary(measured[s])]));
    const ratio = round2(median(measured[first].map((m, i) => m.rps / measured[second][i].rps)));
    results[name] = { ...figures, ratio, target: targets[name] };
    log(
      `  ${name.padEnd(10)} ${rate(first, figures[first])} · ${rate(second, figures[second])} · ` +
        `ratio ${ratio} (target ≥ ${targets[name]})`,
    );
    for (const s of servers)
      if (figures[s].non2xx > 0 || figures[s].errors > 0)
        log(`    ${s}: ${figures[s].non2xx} non-2xx answers, ${figures[s].errors} errors`);
  }
  return results;
}
