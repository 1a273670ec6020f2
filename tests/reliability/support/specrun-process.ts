import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const CLI = fileURLToPath(new URL('../../../packages/cli/bin/specrun.js', import.meta.url));
// The runtime settings the CLI's own entry gives itself (its shebang): the server as users run it.
const NODE_FLAGS = ['--max-semi-space-size=64'];

/** Where a server keeps its data: a SQLite folder or a PostgreSQL URL. */
export type Storage = { data: string } | { databaseUrl: string };

/** A `specrun start` process on a loopback port. */
export interface SpecrunProcess {
  base: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Ends it with SIGKILL: no chance to flush or close anything. */
  kill(): Promise<void>;
  /** Ends it with SIGTERM, as Ctrl+C would. */
  stop(): Promise<void>;
}

// Servers still running when the test process ends (a test that timed out) die with it.
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** The args and environment of the built CLI for a storage. */
export function cliArgs(storage: Storage): { args: string[]; env: NodeJS.ProcessEnv } {
  if ('data' in storage) return { args: ['--data', storage.data], env: {} };
  return { args: [], env: { DATABASE_URL: storage.databaseUrl } };
}

/** Runs the built CLI to its end (users add …); answers its exit code and output. */
export function runCli(args: string[], storage: Storage, input = '') {
  const where = cliArgs(storage);
  const child = spawn(process.execPath, [CLI, ...args, ...where.args], {
    env: { ...process.env, ...where.env },
  });
  let text = '';
  child.stdout.on('data', (d) => (text += d));
  child.stderr.on('data', (d) => (text += d));
  child.stdin.end(input);
  return new Promise<{ code: number; text: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code: code ?? -1, text })),
  );
}

/** Starts `specrun start SPEC [ARGS]` and waits until /api/_health answers 200. */
export async function startSpecrun(
  spec: string,
  storage: Storage,
  args: readonly string[] = [],
): Promise<SpecrunProcess> {
  const port = await freePort();
  const where = cliArgs(storage);
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, CLI, 'start', spec, '--port', String(port), ...where.args, ...args],
    {
      env: { ...process.env, ...where.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error(`specrun exited with ${child.exitCode}:\n${text}`);
    if (Date.now() > deadline) throw new Error(`specrun did not answer within 60 s:\n${text}`);
    const ok = await fetch(`${base}/api/_health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    base,
    pid: child.pid!,
    child,
    output: () => text,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
