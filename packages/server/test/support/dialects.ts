import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openStore, type Dialect, type Store, type StoreOptions } from '../../src/index.js';
import {
  postgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.js';

/** Every dialect the store suite runs on, as in Kysely's own tests. */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** Makes empty databases on one dialect. */
export interface Databases {
  /** Options for a new, empty database. */
  fresh(): Promise<StoreOptions>;
  /** Opens a store on a new, empty database. */
  open(): Promise<Store>;
}

let counter = 0;

function sqliteDatabases(): Databases {
  const root = mkdtempSync(join(tmpdir(), 'specrun-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fresh = async (): Promise<StoreOptions> => ({ dataDir: join(root, `db${++counter}`) });
  return { fresh, open: async () => openStore(await fresh()) };
}

function postgresDatabases(bin: string): Databases {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    cluster = await startPostgresCluster(bin);
  }, 60_000);
  afterAll(() => cluster?.stop(), 30_000);
  const fresh = async (): Promise<StoreOptions> => {
    const name = `test_${process.pid}_${++counter}`;
    return { databaseUrl: await cluster!.createDatabase(name) };
  };
  return { fresh, open: async () => openStore(await fresh()) };
}

/**
 * Describes a suite on one dialect. PostgreSQL runs in a throwaway cluster; without its
 * binaries the suite is skipped with a message, except under CI, where that is a failure.
 */
export function describeDialect(
  dialect: Dialect,
  title: string,
  body: (databases: Databases) => void,
) {
  const name = `${title} on ${dialect}`;
  if (dialect === 'sqlite') return describe(name, () => body(sqliteDatabases()));
  const bin = postgresBinaries();
  if (bin) return describe(name, () => body(postgresDatabases(bin)));
  const reason = 'PostgreSQL binaries not found (set PG_BIN or install postgresql-15)';
  if (process.env.CI) {
    return describe(name, () => {
      it('needs PostgreSQL in CI', () => {
        throw new Error(`${reason}: the PostgreSQL store suite cannot run`);
      });
    });
  }
  console.warn(`skipping "${name}": ${reason}`);
  return describe.skip(name, () => body({ fresh: never, open: never }));
}

const never = () => Promise.reject(new Error('skipped'));
