// A throwaway PostgreSQL 15 server for the benchmark: its own folder and port, removed at stop.
// Durable settings are left as PostgreSQL ships them (fsync and synchronous_commit on), so both
// servers pay for real commits, as they would in production.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const USER = 'specrun';

/** The folder of the PostgreSQL programs, or undefined when they are not installed. */
export function postgresBinaries() {
  const dir = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  return existsSync(join(dir, 'initdb')) ? dir : undefined;
}

// initdb and postgres refuse to run as root: as root they run as the postgres system user.
const asRoot = () => process.getuid?.() === 0;
const command = (bin, args) =>
  asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

async function waitReady(bin, dir, port, child) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}`);
    try {
      const [cmd, args] = command(join(bin, 'pg_isready'), ['-h', dir, '-p', String(port)]);
      execFileSync(cmd, args, { stdio: 'ignore' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('postgres did not become ready within 30 s');
}

/** Starts a cluster; `createDatabase(name)` answers a URL, `stop()` removes every trace. */
export async function startPostgres(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-bench-pg-'));
  if (asRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = join(dir, 'data');
  const [initCmd, initArgs] = command(join(bin, 'initdb'), [
    '-A',
    'trust',
    '-U',
    USER,
    '-D',
    data,
    '-E',
    'UTF8',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = command(join(bin, 'postgres'), [
    ...['-D', data, '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-c', 'max_connections=100'],
  ]);
  const child = spawn(cmd, args, { stdio: 'ignore' });
  await waitReady(bin, dir, port, child);
  return {
    async createDatabase(name) {
      const client = new pg.Client({
        connectionString: `postgres://${USER}@127.0.0.1:${port}/postgres`,
      });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      return `postgres://${USER}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const [stopCmd, stopArgs] = command(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast']);
      execFileSync(stopCmd, stopArgs, { stdio: 'ignore' });
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
