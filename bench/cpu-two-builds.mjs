// CPU time per request of two builds of specrun, and of the baseline, on one loaded helpdesk
// (100,000 tickets, as cpu-per-request.mjs): this checkout's build and another's (`--other DIR`,
// a checkout with its own `npx tsc -b tsconfig.build.json` and bundle, such as the commit before
// a change), measured in turns, round by round, the two builds' order swapped each round. A
// change to the engine is judged by the median of the rounds' ratios of the two builds: on a
// shared machine both meet the same load within seconds of each other.
//
// `node bench/cpu-two-builds.mjs --other DIR [--postgres] [--requests N] [--rounds R]
//  [list get create transition]`
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TARGETS } from './api/compare.mjs';
import { withHelpdeskPair } from './api/helpdesk-pair.mjs';
import { measure } from './api/load.mjs';
import { launch } from './api/processes.mjs';
import { processCpuMicros } from './api/process-cpu.mjs';
import { freePort } from './support/free-port.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    other: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    requests: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '7' },
  },
});
if (!args.other) throw new Error('--other DIR: the checkout of the other build');
const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);
const WARMUP = Math.min(REQUESTS, 1000);
const names = Object.keys(TARGETS).filter(
  (n) => positionals.length === 0 || positionals.includes(n),
);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The other build's specrun on the same database, started as startSpecrun starts this one's. */
async function startOther(spec, where) {
  const port = await freePort();
  const cli = resolve(args.other, 'packages/cli/bin/specrun.js');
  const place = where.databaseUrl ? [] : ['--data', where.data];
  const env = where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {};
  const server = await launch(
    [cli, 'start', spec, '--port', String(port), '--quiet', ...place],
    env,
    `http://127.0.0.1:${port}/api/_health`,
  );
  return { server, base: `http://127.0.0.1:${port}` };
}

/** CPU µs per request of process `pid` over `REQUESTS` requests of `scenario`. */
async function cpuPerRequest(pid, base, scenario) {
  const before = processCpuMicros(pid);
  const result = await measure(base, scenario, { measure: { amount: REQUESTS } });
  if (result.non2xx > 0 || result.errors > 0)
    console.log(`  ${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return (processCpuMicros(pid) - before) / result.requests;
}

async function run(pair, calls, where, spec) {
  const other = await startOther(spec, where);
  try {
    // The two builds share one set of calls: each transition takes the next open ticket.
    const servers = {
      other: { pid: other.server.pid, base: other.base, calls: calls('specrun') },
      this: { pid: pair.specrun.pid, base: pair.bases.specrun, calls: calls('specrun') },
      baseline: { pid: pair.baseline.pid, base: pair.bases.baseline, calls: calls('baseline') },
    };
    for (const name of names) {
      const us = { other: [], this: [], baseline: [] };
      for (const s of Object.values(servers))
        await measure(s.base, s.calls[name], { measure: { amount: WARMUP } });
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? ['this', 'other', 'baseline'] : ['other', 'this', 'baseline'];
        for (const s of order)
          us[s].push(await cpuPerRequest(servers[s].pid, servers[s].base, servers[s].calls[name]));
      }
      const ratio = (a, b) => median(us[a].map((v, i) => v / us[b][i])).toFixed(3);
      const m = (s) => Math.round(median(us[s]));
      console.log(
        `${name.padEnd(10)} CPU µs per request, median of ${ROUNDS}: other ${m('other')}, ` +
          `this ${m('this')}, baseline ${m('baseline')}; this/other ${ratio('this', 'other')}, ` +
          `other/baseline ${ratio('other', 'baseline')}, this/baseline ${ratio('this', 'baseline')}`,
      );
      console.log(
        `  rounds: ${Object.entries(us)
          .map(([s, v]) => `${s} ${v.map(Math.round).join(' ')}`)
          .join('; ')}`,
      );
    }
  } finally {
    await other.server.stop();
  }
}

const transitions = 2 * (WARMUP + ROUNDS * REQUESTS);
await withHelpdeskPair(run, {
  postgres: args.postgres,
  transitions,
});
