import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL server: its own data folder, socket folder and port. */
export interface PostgresCluster {
  port: number;
  /** The URL of the `postgres` database, from which tests create and drop their own. */
  adminUrl: string;
  stop(): Promise<void>;
}

const USER = 'specrun';

/** The folder of initdb and postgres, or undefined when PostgreSQL is not installed. */
export function postgresBinaries(): string | undefined {
  const dir = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')) ? dir : undefined;
}

// initdb and postgres refuse to run as root, so as root they run as the postgres system user.
const asRoot = () => process.getuid?.() === 0;
const command = (bin: string, args: string[]): [string, string[]] =>
  asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(bin: string, dir: string, port: number, child: ChildProcess) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    try {
      const [cmd, args] = command(join(bin, 'pg_isready'), ['-h', dir, '-p', String(port)]);
      execFileSync(cmd, args, { stdio: 'ignore' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('postgres did not become ready within 30 s');
}

/**
 * Stops the server and removes its folder once process `pid` is gone, however it ended: a
 * SIGKILL runs no exit handler, and a postmaster left behind would hold its port and memory.
 */
function removeWhenGone(pid: number, dir: string, stop: [string, string[]]): ChildProcess {
  const script =
    'pid=$1; dir=$2; shift 2; while kill -0 "$pid" 2>/dev/null; do sleep 1; done; "$@"; rm -rf "$dir"';
  const [cmd, args] = stop;
  const watchdog = spawn('sh', ['-c', script, 'sh', String(pid), dir, cmd, ...args], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();
  return watchdog;
}

/**
 * Starts a cluster in a temporary folder; `stop()` removes every trace of it, and so does the
 * end of this process if `stop()` never comes (a failed run, Ctrl-C, a kill).
 */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-pg-'));
  if (asRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = join(dir, 'data');
  const [initCmd, initArgs] = command(join(bin, 'initdb'), [
    ...['-A', 'trust', '-U', USER, '-D', data, '-E', 'UTF8', '--no-sync'],
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const settings = [
    ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    // One cluster serves every test file of a run, two or more at a time, and some files open
    // fifty connections at once to race them: the default of 100 would be a shared ceiling.
    ...['-c', 'max_connections=300'],
  ];
  const [cmd, args] = command(join(bin, 'postgres'), [
    ...['-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1', ...settings],
  ]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  // runuser does not pass signals on, so pg_ctl stops the server itself.
  const stopCommand = command(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate']);
  const watchdog = removeWhenGone(process.pid, dir, stopCommand);
  // On process.exit (Vitest's answer to Ctrl-C) only synchronous work still runs. There, and
  // after a failed start, a server already gone is no error.
  const stopNow = (quietly: boolean) => {
    try {
      if (child.exitCode === null) execFileSync(...stopCommand, { stdio: 'ignore' });
    } catch (error) {
      if (!quietly) throw error;
    } finally {
      rmSync(dir, { recursive: true, force: true });
      watchdog.kill();
    }
  };
  const onExit = () => stopNow(true);
  process.once('exit', onExit);
  try {
    await waitUntilReady(bin, dir, port, child);
  } catch (error) {
    process.off('exit', onExit);
    stopNow(true);
    throw error;
  }
  return {
    port,
    adminUrl: `postgres://${USER}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      const exited = new Promise((resolve) => {
        if (child.exitCode === null) child.once('exit', resolve);
        else resolve(undefined);
      });
      stopNow(false);
      await exited;
    },
  };
}
