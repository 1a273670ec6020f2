// A pair of servers on one database: specrun and the baseline, started and stopped together.
import { freePort } from '../support/free-port.mjs';
import { BENCH_MAX_OPEN_TICKETS } from './bench-spec.mjs';
import { startBaseline, startSpecrun } from './processes.mjs';

/**
 * Starts specrun (then a baseline beside it: the helpdesk's unless told another, such as
 * startItemsBaseline); `where` is `{ data, sqliteFile }` or `{ databaseUrl }`; `specrunOptions`
 * more of startSpecrun's options (`nodeFlags`, `unbundled`: a CPU profile), `otherOptions`
 * more of the other's (`nodeFlags`).
 */
export async function startPair(
  spec,
  where,
  startOther = startBaseline,
  specrunOptions = {},
  otherOptions = {},
) {
  const [specrunPort, baselinePort] = [await freePort(), await freePort()];
  const specrun = await startSpecrun({ spec, port: specrunPort, ...where, ...specrunOptions });
  process.env.MAX_OPEN_TICKETS = String(BENCH_MAX_OPEN_TICKETS);
  const baseline = await startOther({ port: baselinePort, ...where, ...otherOptions });
  return {
    specrun,
    baseline,
    bases: {
      specrun: `http://127.0.0.1:${specrunPort}`,
      baseline: `http://127.0.0.1:${baselinePort}`,
    },
    stop: () => Promise.all([specrun.stop(), baseline.stop()]),
  };
}

/** Starts specrun alone on a fresh database, so that it creates its tables; answers its base URL. */
export async function startFresh(spec, where) {
  const port = await freePort();
  const server = await startSpecrun({ spec, port, ...where });
  return { server, base: `http://127.0.0.1:${port}` };
}
