import { Worker } from 'node:worker_threads';

/** One answer as a probe or a hostile client saw it. */
export interface Timed {
  status: number;
  code?: string;
  ms: number;
}

/** A request a hostile client sends: a GET, or a POST of a JSON body. */
export interface Hostile {
  path: string;
  body?: unknown;
}

/** What a run of hostile requests looked like from the hostile clients and from the probes. */
export interface LoadRun {
  hostile: Timed[];
  /** `/api/_health`, asked throughout the run. */
  health: Timed[];
  /** A normal list (no filter), asked throughout the run. */
  list: Timed[];
}

// The hostile clients' loop, run on a thread of its own (CommonJS, as `eval` workers are): the
// probes' own timings must not wait on the attack's answers being read.
const ATTACK = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, requests, clients, until } = workerData;
const answers = [];
let next = 0;
async function send(request) {
  const started = performance.now();
  const init = request.body === undefined
    ? {}
    : { method: 'POST', body: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } };
  try {
    const response = await fetch(base + request.path, { ...init, signal: AbortSignal.timeout(120000) });
    const text = await response.text();
    const problem = (response.headers.get('content-type') || '').includes('problem+json');
    const answer = { status: response.status, ms: performance.now() - started };
    if (problem) answer.code = JSON.parse(text).code;
    answers.push(answer);
  } catch (error) {
    answers.push({ status: 0, code: String(error), ms: performance.now() - started });
  }
}
async function client() {
  while (Date.now() < until) await send(requests[next++ % requests.length]);
}
Promise.all(Array.from({ length: clients }, client)).then(() => parentPort.postMessage(answers));
`;

/** Sends one GET or POST and times it; the answer's catalogue code when it is a problem. */
export async function timed(base: string, path: string, body?: unknown): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const code = response.headers.get('content-type')?.includes('problem+json')
    ? (JSON.parse(text) as { code?: string }).code
    : undefined;
  return code === undefined
    ? { status: response.status, ms }
    : { status: response.status, code, ms };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `clients` hostile clients for `seconds`, each sending the requests one after the other
 * (round the list), while probes ask `/api/_health` and a normal list every few milliseconds,
 * as people using the server would.
 */
export async function underLoad(
  base: string,
  requests: readonly Hostile[],
  options: { clients: number; seconds: number; listPath: string },
): Promise<LoadRun> {
  const until = Date.now() + options.seconds * 1000;
  const worker = new Worker(ATTACK, {
    eval: true,
    workerData: { base, requests, clients: options.clients, until },
  });
  const attack = new Promise<Timed[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const run: LoadRun = { hostile: [], health: [], list: [] };
  // Two people, one asking the health, one the list, each every few milliseconds: enough
  // answers for a 99th percentile that is not just the slowest one.
  const probe = async (path: string, into: Timed[]) => {
    // The hostile clients go first: the probes measure a server already under attack.
    await pause(50);
    while (Date.now() < until) {
      into.push(await timed(base, path));
      await pause(5);
    }
  };
  await Promise.all([probe('/api/_health', run.health), probe(options.listPath, run.list)]);
  run.hostile = await attack;
  await worker.terminate();
  return run;
}

/** The 99th percentile of the answers' times, in milliseconds. */
export function p99(answers: readonly Timed[]): number {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return times[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? Infinity;
}
