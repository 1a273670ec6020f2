// Starts the servers under test as child processes, as a user would (`specrun start …`), and
// measures what only the outside can see: time to the first answer, and resident memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../packages/cli/bin/specrun.js', import.meta.url));
const BASELINE = fileURLToPath(new URL('../baseline/server.mjs', import.meta.url));
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

async function launch(args, env, healthUrl) {
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept to tell why a server did not start; specrun's log line per request is not hoarded.
  let text = '';
  const keep = (d) => {
    if (text.length < 100_000) text += d;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await firstOk(healthUrl, child, () => text);
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

/** `specrun start FILE --port N` on SQLite (`data`) or PostgreSQL (`databaseUrl`). */
export function startSpecrun({ spec, port, data, databaseUrl }) {
  const where = databaseUrl ? [] : ['--data', data];
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const args = [CLI, 'start', spec, '--port', String(port), ...where];
  return launch(args, env, `http://127.0.0.1:${port}/api/_health`);
}

/** The hand-written baseline on the same database. */
export function startBaseline({ port, sqliteFile, databaseUrl }) {
  const where = databaseUrl ? ['--pg', databaseUrl] : ['--sqlite', sqliteFile];
  return launch(
    [BASELINE, '--port', String(port), ...where],
    {},
    `http://127.0.0.1:${port}/api/_health`,
  );
}
