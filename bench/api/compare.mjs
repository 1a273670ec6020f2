// Runs each call against specrun and then the baseline, and the ratio of their throughputs.
import { measure } from './load.mjs';
import { RUNS } from './scenarios.mjs';

/** Targets of issue 8: specrun's share of the baseline's req/s. */
export const TARGETS = { list: 0.8, get: 0.8, create: 0.6, transition: 0.6 };

/**
 * `calls(server)` gives the scenarios for 'specrun' or 'baseline' (transitions need their own
 * tickets). Answers, per call, both measurements and specrun / baseline.
 */
export async function compare(bases, calls, log) {
  const results = {};
  for (const name of Object.keys(TARGETS)) {
    const bounds = name === 'transition' ? RUNS.transitions : RUNS.timed;
    const specrun = await measure(bases.specrun, calls('specrun')[name], bounds);
    const baseline = await measure(bases.baseline, calls('baseline')[name], bounds);
    const ratio = Math.round((specrun.rps / baseline.rps) * 100) / 100;
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
