// One measured load: autocannon on 127.0.0.1, a warm-up first (not counted), then a bounded run.
import autocannon from 'autocannon';

/** Connections kept open during a run: enough to keep one Node process busy on 2 cores. */
export const CONNECTIONS = 10;

/**
 * One autocannon run; answers its result and `seconds`, from its start to its last response.
 * autocannon itself ends a run at the next whole second after the last response, which for a
 * run bounded by a number of requests can be most of its length: 1,000 requests answered in
 * 1.1 s would count as 2 s.
 */
function run(options) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let last = started;
    const instance = autocannon(
      { connections: CONNECTIONS, timeout: 60, ...options },
      (error, result) =>
        error ? reject(error) : resolve({ result, seconds: (last - started) / 1000 }),
    );
    instance.on('response', () => (last = performance.now()));
  });
}

const round = (n) => Math.round(n * 100) / 100;

/**
 * Runs `request` (autocannon's request options, with `next()` giving what each request changes:
 * its path, its headers) against
 * `base`: `warmup` (if any) then `measure`, each `{ seconds }` or `{ amount }`. Answers req/s, latency p50
 * and p99 in ms, and what went wrong (non-2xx answers, errors), which must be nothing.
 */
export async function measure(
  base,
  { method = 'GET', path, headers, body, next },
  { warmup, measure: bounds },
  connections = CONNECTIONS,
) {
  // autocannon takes the path inside the URL (a top-level `path` is ignored), or per request.
  const request = { method, headers, body };
  const requests = next
    ? [{ ...request, path, setupRequest: (r) => ({ ...r, ...next() }) }]
    : undefined;
  const options = (b) => ({
    url: `${base}${requests ? '' : path}`,
    connections,
    ...request,
    ...(requests ? { requests } : {}),
    ...(b.amount ? { amount: b.amount } : { duration: b.seconds }),
  });
  if (warmup) await run(options(warmup));
  const { result: r, seconds } = await run(options(bounds));
  return {
    requests: r.requests.total,
    // Answers over the time they took: correct for short and amount-bounded runs alike.
    rps: Math.round(r.requests.total / seconds),
    p50: round(r.latency.p50),
    p99: round(r.latency.p99),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
