import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { postgresBinaries } from './postgres-cluster.js';

/** Why PostgreSQL suites cannot run here, or undefined when the run's cluster is up. */
export function postgresMissing(): string | undefined {
  if (inject('postgresAdminUrl')) return undefined;
  return postgresBinaries()
    ? 'no shared PostgreSQL cluster: run this file in a Vitest project whose globalSetup is packages/server/test/support/shared-postgres.ts'
    : 'PostgreSQL binaries not found (set PG_BIN or install postgresql-15)';
}

function adminUrl(): string {
  const url = inject('postgresAdminUrl');
  if (!url) throw new Error(postgresMissing());
  return url;
}

async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Unique across the run: files share the cluster two or more at a time, and a worker process
// (and so its pid) runs one file after another, each with a fresh copy of this module.
const prefix = `test_${process.pid}_${randomBytes(3).toString('hex')}`;
let counter = 0;

/**
 * For one suite: a function that creates an empty database in the run's cluster and returns its
 * URL. The suite's databases are dropped after it (the suite closes its connections first), so
 * that a run of many files holds only the databases of the files running at the time.
 */
export function usePostgresDatabases(): (label?: string) => Promise<string> {
  const made: string[] = [];
  afterAll(async () => {
    for (const name of made.splice(0)) await asAdmin(`DROP DATABASE IF EXISTS "${name}"`);
  }, 60_000);
  return async (label = '') => {
    const suffix = label.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    // PostgreSQL cuts names at 63 bytes, and the URL must name what it kept.
    const name = `${prefix}_${++counter}${suffix && `_${suffix}`}`.slice(0, 63);
    await asAdmin(`CREATE DATABASE "${name}"`);
    made.push(name);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    return url.href;
  };
}
