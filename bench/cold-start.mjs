// Measures cold start: `specrun start` (the helpdesk example on SQLite) until its first answer,
// as wall time and as the CPU time the server process used by then. On a shared machine the
// wall time depends on what else runs; the CPU time much less, so both are reported.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './api/processes.mjs';
import { summarise } from './stats.mjs';
import { freePort } from './support/free-port.mjs';

const CLI = fileURLToPath(new URL('../packages/cli/bin/specrun.js', import.meta.url));
const SPEC = fileURLToPath(new URL('../examples/helpdesk.spec.md', import.meta.url));
/** Issue 24: `specrun start` to its first answer, in ms. */
export const COLD_START_TARGET_MS = 1000;
// Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux `getconf CLK_TCK` shows.
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); else NaN. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

async function startOnce(data) {
  const port = await freePort();
  const args = [CLI, 'start', SPEC, '--port', String(port), '--quiet', '--data', data];
  const server = await launch(args, {}, `http://127.0.0.1:${port}/api/_health`);
  const cpu = cpuMs(server.pid);
  await server.stop();
  return { wallMs: server.coldStartMs, cpuMs: cpu };
}

/**
 * Starts specrun `runs` times on one SQLite database: the first start creates the tables (its
 * figure is kept apart), the others find them made, as every later start of an application does.
 */
export async function benchColdStart({ runs = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-cold-'));
  try {
    const fresh = await startOnce(join(dir, 'data'));
    const starts = [];
    for (let i = 0; i < runs; i++) starts.push(await startOnce(join(dir, 'data')));
    return {
      runs,
      fresh,
      wallMs: summarise(starts.map((s) => s.wallMs)),
      cpuMs: summarise(starts.map((s) => s.cpuMs)),
      targetMs: COLD_START_TARGET_MS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
