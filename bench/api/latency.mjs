// The time of one request, without queueing: requests sent one after the other on one kept-alive
// connection, each timed with performance.now() from sending to the answer's last byte.
// autocannon's histogram counts whole milliseconds, so a list served in 0.4 ms would read 0.
import http from 'node:http';

/** Bounds of a latency measurement: requests not counted, then `rounds` × `amount` per server. */
export const LATENCY_RUNS = { warmup: 300, rounds: 3, amount: 600 };

const round3 = (n) => Math.round(n * 1000) / 1000;

/** The p-th fraction of sorted values. */
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Sends `call` (`{ path, headers }`, a GET) once on `agent`; answers the ms it took. */
function timeOne(agent, base, { path, headers = {} }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(`${base}${path}`, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        if (response.statusCode !== 200)
          reject(new Error(`GET ${path} answered ${response.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    request.on('error', reject);
  });
}

async function sample(agent, base, call, count) {
  const times = [];
  for (let i = 0; i < count; i++) times.push(await timeOne(agent, base, call));
  return times;
}

/**
 * The latency of `calls(server)` against each of `bases` (`{ name: url }`), in rounds taking
 * the servers in turn, so that a change in the machine's speed falls on both. Answers, per
 * server, p50, p90 and p99 in ms (to the microsecond) over every timed request.
 */
export async function sequentialLatency(bases, calls, runs = LATENCY_RUNS) {
  const servers = Object.keys(bases);
  const agents = Object.fromEntries(
    servers.map((s) => [s, new http.Agent({ keepAlive: true, maxSockets: 1 })]),
  );
  const times = Object.fromEntries(servers.map((s) => [s, []]));
  try {
    for (const s of servers) await sample(agents[s], bases[s], calls(s), runs.warmup);
    for (let round = 0; round < runs.rounds; round++)
      for (const s of servers)
        times[s].push(...(await sample(agents[s], bases[s], calls(s), runs.amount)));
  } finally {
    for (const agent of Object.values(agents)) agent.destroy();
  }
  return Object.fromEntries(
    servers.map((s) => {
      const sorted = times[s].sort((a, b) => a - b);
      const summary = { p50: at(sorted, 0.5), p90: at(sorted, 0.9), p99: at(sorted, 0.99) };
      return [s, Object.fromEntries(Object.entries(summary).map(([k, v]) => [k, round3(v)]))];
    }),
  );
}
