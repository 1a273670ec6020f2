// Runs each call against specrun and then the baseline, and the ratio of their throughputs.
import { measure } from './load.mjs';
import { RUNS } from './scenarios.mjs';

/** Targets of issue 8: specrun's share of the baseline's req/s. */
export const TARGETS = { list: 0.8, get: 0.8, create: 0.6, transition: 0.6 };

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

/**
 * `calls(server)` gives the scenarios for 'specrun' or 'baseline' (transitions need their own
 * tickets). Each call is warmed up on both, then measured in RUNS.rounds rounds of specrun then
 * the baseline; the ratio is the median of the rounds' ratios, each taken between two runs a few
 * seconds apart. Answers, per call, both measurements and specrun / baseline.
 */
export async function compare(bases, calls, log, names = Object.keys(TARGETS)) {
  const results = {};
  for (const name of names) {
    const bounds = name === 'transition' ? RUNS.transitions : RUNS.timed;
    const once = { measure: bounds.measure };
    const runs = { specrun: [], baseline: [] };
    await measure(bases.specrun, calls('specrun')[name], { measure: bounds.warmup });
    await measure(bases.baseline, calls('baseline')[name], { measure: bounds.warmup });
    for (let round = 0; round < RUNS.rounds; round++)
      for (const server of ['specrun', 'baseline'])
        runs[server].push(await measure(bases[server], calls(server)[name], once));
    const specrun = summary(runs.specrun);
    const baseline = summary(runs.baseline);
    const ratio = round2(median(runs.specrun.map((s, i) => s.rps / runs.baseline[i].rps)));
    results[name] = { specrun, baseline, ratio, target: TARGETS[name] };
    log(
      `  ${name.padEnd(10)} specrun ${specrun.rps} req/s (p50 ${specrun.p50} ms, p99 ${specrun.p99} ms) · ` +
        `baseline ${baseline.rps} req/s (p50 ${baseline.p50} ms, p99 ${baseline.p99} ms) · ratio ${ratio} (target ≥ ${TARGETS[name]})`,
    );
    for (const [who, m] of [
      ['specrun', specrun],
      ['baseline', baseline],
    ])
      if (m.non2xx > 0 || m.errors > 0)
        log(`    ${who}: ${m.non2xx} non-2xx answers, ${m.errors} errors`);
  }
  return results;
}

/** List latency with one connection: the time of one request, no queueing. */
export async function listLatency(bases, calls) {
  const one = { ...RUNS.latency };
  const run = (base, call) => measure(base, call, one, 1);
  return {
    specrun: await run(bases.specrun, calls('specrun').list),
    baseline: await run(bases.baseline, calls('baseline').list),
  };
}

/**
 * Before measuring: the list and the get must answer the same JSON from both servers, so the
 * comparison is between two programs doing the same work.
 */
export async function checkSameAnswers(bases, calls) {
  for (const name of ['list', 'get']) {
    const bodies = [];
    for (const server of ['specrun', 'baseline']) {
      const { path, headers } = calls(server)[name];
      const response = await fetch(`${bases[server]}${path}`, { headers });
      // Cursors are opaque, each server's own: only whether there is one must agree.
      const { nextCursor, ...rest } = await response.json();
      bodies.push(JSON.stringify({ ...rest, next: nextCursor !== undefined }));
    }
    if (bodies[0] !== bodies[1]) {
      let at = 0;
      while (bodies[0][at] === bodies[1][at]) at++;
      const around = (b) => b.slice(Math.max(0, at - 200), at + 200);
      throw new Error(
        `${name}: specrun and the baseline answer differently:\n${around(bodies[0])}\n${around(bodies[1])}`,
      );
    }
  }
}
