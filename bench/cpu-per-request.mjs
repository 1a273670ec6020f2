// CPU time per request, specrun against the hand-written baseline, call by call, on the
// helpdesk at 100,000 tickets (the quick run's setting): each server's CPU time (user and
// system, every thread, /proc/PID/stat) is read before and after a run of a fixed number of
// requests, in rounds taking the servers in turn. On a shared machine req/s move with the others'
// load; the CPU a request costs much less, so changes to the engine are judged by it.
//
// `node bench/cpu-per-request.mjs [--postgres] [--requests N] [--rounds R] [--profile DIR]
//  [list get create transition]`
// With --profile, both run under `node --cpu-prof` (specrun its compiled modules, not the bundle,
// so that each function is named with its file), and DIR/specrun and DIR/baseline get each one's
// profile and, per call, a summary of where its time went during that call's measured runs
// (bench/api/profile-summary.mjs). The profiler costs time too: judge CPU figures without it.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TARGETS } from './api/compare.mjs';
import { withHelpdeskPair } from './api/helpdesk-pair.mjs';
import { measure } from './api/load.mjs';
import { monotonicMicros, processCpuMicros, threadCpuMicros } from './api/process-cpu.mjs';
import { formatSummary, summariseProfile } from './api/profile-summary.mjs';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    postgres: { type: 'boolean', default: false },
    requests: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    profile: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);
const WARMUP = Math.min(REQUESTS, 1000);
const names = Object.keys(TARGETS).filter(
  (n) => positionals.length === 0 || positionals.includes(n),
);
const profileDir = args.profile && resolve(args.profile);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** CPU µs spent by each kind of thread between two readings of threadCpuMicros. */
const threadsSpent = (before, after) =>
  Object.fromEntries(Object.entries(after).map(([n, us]) => [n, us - (before[n] ?? 0)]));

/**
 * One measured run: CPU µs per request of the server (and by kind of thread), and the run's
 * window on the clock.
 */
async function cpuPerRequest(pid, base, scenario) {
  const [cpu, threads, from] = [processCpuMicros(pid), threadCpuMicros(pid), monotonicMicros()];
  const result = await measure(base, scenario, { measure: { amount: REQUESTS } });
  const [spent, to] = [processCpuMicros(pid) - cpu, monotonicMicros()];
  const byThread = threadsSpent(threads, threadCpuMicros(pid));
  // A write may meet the other server's (SQLite's busy timeout): said, not fatal.
  if (result.non2xx > 0 || result.errors > 0)
    console.log(`  ${base}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const perRequest = Object.fromEntries(
    Object.entries(byThread).map(([n, us]) => [n, us / result.requests]),
  );
  return {
    micros: spent / result.requests,
    threads: perRequest,
    rps: result.rps,
    window: [from, to],
  };
}

async function run(pair, calls) {
  const servers = { specrun: pair.specrun, baseline: pair.baseline };
  const windows = { specrun: {}, baseline: {} };
  for (const name of names) {
    const measured = { specrun: [], baseline: [] };
    for (const s of Object.keys(servers))
      await measure(pair.bases[s], calls(s)[name], { measure: { amount: WARMUP } });
    for (let round = 0; round < ROUNDS; round++)
      for (const s of Object.keys(servers))
        measured[s].push(await cpuPerRequest(servers[s].pid, pair.bases[s], calls(s)[name]));
    for (const s of Object.keys(servers)) windows[s][name] = measured[s].map((m) => m.window);
    const us = (s) => Math.round(median(measured[s].map((m) => m.micros)));
    const rps = (s) => Math.round(median(measured[s].map((m) => m.rps)));
    const ratio = median(measured.specrun.map((m, i) => m.micros / measured.baseline[i].micros));
    const rounds = (s) => measured[s].map((m) => Math.round(m.micros)).join(' ');
    // Median µs per request by kind of thread: the main thread's share, and the rest (V8's
    // helpers collect garbage and compile off the main thread, where a profile does not look).
    const threads = (s) =>
      [...new Set(measured[s].flatMap((m) => Object.keys(m.threads)))]
        .map((n) => [n, Math.round(median(measured[s].map((m) => m.threads[n] ?? 0)))])
        .filter(([, us]) => us > 0)
        .map(([n, us]) => `${n} ${us}`)
        .join(', ');
    console.log(
      `${name.padEnd(10)} CPU per request: specrun ${us('specrun')} µs, baseline ${us('baseline')} µs, ` +
        `specrun/baseline ${ratio.toFixed(2)} (req/s ${rps('specrun')} vs ${rps('baseline')}; ` +
        `rounds: specrun ${rounds('specrun')}, baseline ${rounds('baseline')})`,
    );
    for (const s of Object.keys(servers)) console.log(`  ${s} by thread, µs: ${threads(s)}`);
  }
  return { windows, pids: { specrun: pair.specrun.pid, baseline: pair.baseline.pid } };
}

/** Node options that write a CPU profile of the server into DIR/SERVER. */
const profiled = (server) => ({
  nodeFlags: [
    '--cpu-prof',
    `--cpu-prof-dir=${join(profileDir, server)}`,
    '--cpu-prof-interval=250',
  ],
});

/** Writes, for each call, a summary of where `server`'s time went during its measured runs. */
function summariseRuns(server, pid, windows) {
  const dir = join(profileDir, server);
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.`) && f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile of process ${pid} in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  // The windows beside the profile, to look into it further (summariseProfile).
  writeFileSync(join(dir, 'windows.json'), JSON.stringify(windows));
  for (const name of names) {
    const text = formatSummary(`${server}, ${name}`, summariseProfile(profile, windows[name]));
    writeFileSync(join(dir, `${name}.txt`), `${text}\n`);
    console.log(`${server}, ${name}: summary in ${join(dir, `${name}.txt`)}`);
  }
}

const options = { postgres: args.postgres, transitions: WARMUP + ROUNDS * REQUESTS };
if (profileDir) {
  for (const server of ['specrun', 'baseline'])
    mkdirSync(join(profileDir, server), { recursive: true });
  Object.assign(options, {
    specrun: { unbundled: true, ...profiled('specrun') },
    baseline: profiled('baseline'),
  });
}
const { windows, pids } = await withHelpdeskPair(run, options);
if (profileDir)
  for (const server of Object.keys(pids)) summariseRuns(server, pids[server], windows[server]);
