// Starts the servers under test as child processes, as a user would (`specrun start …`), and
// measures what only the outside can see: time to the first answer, and resident memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../packages/cli/bin/specrun.js', import.meta.url));
// The compiled modules, one file each, that the command's entry runs when its bundle is stale:
// a CPU profile of them names each function's own file.
const UNBUNDLED_CLI = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));
const baselineScript = (name) => fileURLToPath(new URL(`../baseline/${name}`, import.meta.url));
// The runtime settings specrun's entry gives itself (its shebang); the baseline runs with the
// same, so that the two programs are compared, not two configurations of Node.
const NODE_FLAGS = ['--max-semi-space-size=64'];

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 102.4) / 10;
}

async function firstOk(url, child, output, timeoutMs = 60_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts `node ARGS` (with NODE_FLAGS) and waits for a 200 from `healthUrl`; answers the process,
 * its cold start in ms and a way to stop it. `cwd` is where it runs (this one's by default);
 * `timeoutMs` how long it may take to answer; `nodeFlags` more Node options (a CPU profile).
 */
export async function launch(args, env, healthUrl, { cwd, timeoutMs, nodeFlags = [] } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...nodeFlags, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd,
  });
  // Kept to tell why a server did not start; at most 100 KB of what a server writes.
  let text = '';
  const keep = (d) => {
    if (text.length < 100_000) text += d;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await firstOk(healthUrl, child, () => text, timeoutMs);
  const coldStartMs = Math.round(performance.now() - started);
  return {
    pid: child.pid,
    coldStartMs,
    output: () => text,
    rssMB: () => rssMB(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * `specrun start FILE --port N --quiet` on SQLite (`data`) or PostgreSQL (`databaseUrl`).
 * `--quiet` logs warnings and errors only, as the baselines do (bench/baseline/app.mjs): neither
 * writes a line per request. `nodeFlags` are more Node options (a CPU profile); `unbundled` runs
 * the compiled modules instead of the bundle.
 */
export function startSpecrun({ spec, port, data, databaseUrl, nodeFlags = [], unbundled }) {
  const where = databaseUrl ? [] : ['--data', data];
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const cli = unbundled ? UNBUNDLED_CLI : CLI;
  const args = [cli, 'start', spec, '--port', String(port), '--quiet', ...where];
  return launch(args, env, `http://127.0.0.1:${port}/api/_health`, { nodeFlags });
}

/** The hand-written helpdesk baseline on the same database; `nodeFlags` as startSpecrun's. */
export function startBaseline({ port, sqliteFile, databaseUrl, nodeFlags = [] }) {
  const where = databaseUrl ? ['--pg', databaseUrl] : ['--sqlite', sqliteFile];
  return launch(
    [baselineScript('server.mjs'), '--port', String(port), ...where],
    {},
    `http://127.0.0.1:${port}/api/_health`,
    { nodeFlags },
  );
}

/** The hand-written server of the lean workload on the same SQLite database. */
export function startItemsBaseline({ port, sqliteFile }) {
  return launch(
    [baselineScript('items-server.mjs'), '--port', String(port), '--sqlite', sqliteFile],
    {},
    `http://127.0.0.1:${port}/api/_health`,
  );
}
