import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL server: its own data folder, socket folder and port. */
export interface PostgresCluster {
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
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

/** Starts a cluster in a temporary folder; `stop()` removes every trace of it. */
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
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
  ];
  const [cmd, args] = command(join(bin, 'postgres'), [
    ...['-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1', ...settings],
  ]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  await waitUntilReady(bin, dir, port, child);
  const admin = `postgres://${USER}@127.0.0.1:${port}/postgres`;
  return {
    port,
    async createDatabase(name) {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      await client.end();
      return `postgres://${USER}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // runuser does not pass signals on, so pg_ctl stops the server itself.
      const [stopCmd, stopArgs] = command(join(bin, 'pg_ctl'), [
        'stop',
        '-D',
        data,
        '-m',
        'immediate',
      ]);
      execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
