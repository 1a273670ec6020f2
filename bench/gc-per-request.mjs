// What each request leaves to the garbage collector, specrun against the hand-written baseline,
// call by call, on the helpdesk at 100,000 tickets (the quick run's setting): both servers run
// with `--trace-gc`, and over a run of REQUESTS requests the young generation's growth between
// collections gives the bytes allocated per request, and the collections' pauses the time spent
// collecting. Allocation costs more than the collector's time: every new object is memory the
// caches have not seen, and it pushes out what the next statement would have found there.
//
// `node bench/gc-per-request.mjs [list get create transition]`
import { withHelpdeskPair } from './api/helpdesk-pair.mjs';
import { measure } from './api/load.mjs';
import { TARGETS } from './api/compare.mjs';

const REQUESTS = 20_000;
const WARMUP = 3_000;
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(TARGETS);
/** launch() keeps this much of what a server writes: past it, no more collections are seen. */
const KEPT_OUTPUT = 100_000;

// "… ms: Scavenge 70.1 (100.2) -> 6.3 (101.1) MB, 1.23 / 0.00 ms …": the heap before and after,
// in MB, the young generation's capacity in parentheses, then the pause.
const COLLECTION =
  /(Scavenge|Mark-Compact)[^\d]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \//g;

const collections = (text) =>
  [...text.matchAll(COLLECTION)].map((m) => ({ before: +m[2], after: +m[4], pauseMs: +m[5] }));

/** Bytes allocated and collector µs per request over one run of `call` on `server`. */
async function perRequest(server, base, call) {
  const from = collections(server.output()).length;
  const run = await measure(base, call, { measure: { amount: REQUESTS } });
  const text = server.output();
  if (text.length >= KEPT_OUTPUT)
    throw new Error('the server wrote too much to see every collection');
  const seen = collections(text);
  let mb = 0;
  for (let i = Math.max(from, 1); i < seen.length; i++) mb += seen[i].before - seen[i - 1].after;
  const pauseMs = seen.slice(from).reduce((sum, c) => sum + c.pauseMs, 0);
  return {
    bytes: Math.round((mb * 1024 * 1024) / run.requests),
    gcMicros: ((pauseMs * 1000) / run.requests).toFixed(1),
    collections: seen.length - from,
  };
}

// A pair per call: each server's output is kept up to KEPT_OUTPUT, a few hundred collections.
for (const name of names)
  await withHelpdeskPair(
    async (pair, calls) => {
      for (const server of ['specrun', 'baseline']) {
        await measure(pair.bases[server], calls(server)[name], { measure: { amount: WARMUP } });
        const m = await perRequest(pair[server], pair.bases[server], calls(server)[name]);
        console.log(
          `${name.padEnd(10)} ${server.padEnd(8)} ${m.bytes} bytes allocated and ${m.gcMicros} µs collecting per request (${m.collections} collections)`,
        );
      }
    },
    {
      transitions: WARMUP + REQUESTS,
      specrun: { nodeFlags: ['--trace-gc'] },
      baseline: { nodeFlags: ['--trace-gc'] },
    },
  );
