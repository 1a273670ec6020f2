import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openStore, type Dialect, type Store, type StoreOptions } from '../../src/index.js';
import { postgresBinaries } from './postgres-cluster.js';
import { postgresMissing, usePostgresDatabases } from './postgres-databases.js';

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

function postgresDatabases(): Databases {
  const create = usePostgresDatabases();
  const fresh = async (): Promise<StoreOptions> => ({ databaseUrl: await create() });
  return { fresh, open: async () => openStore(await fresh()) };
}

/**
 * Describes a suite on one dialect. PostgreSQL runs in the run's throwaway cluster; without
 * its binaries the suite is skipped with a message, except under CI, where that is a failure.
 */
export function describeDialect(
  dialect: Dialect,
  title: string,
  body: (databases: Databases) => void,
) {
  const name = `${title} on ${dialect}`;
  if (dialect === 'sqlite') return describe(name, () => body(sqliteDatabases()));
  const reason = postgresMissing();
  if (!reason) return describe(name, () => body(postgresDatabases()));
  // Binaries without a cluster is a misplaced file, not a machine without PostgreSQL.
  if (process.env.CI || postgresBinaries()) {
    return describe(name, () => {
      it('needs PostgreSQL', () => {
        throw new Error(`${reason}: the PostgreSQL store suite cannot run`);
      });
    });
  }
  console.warn(`skipping "${name}": ${reason}`);
  return describe.skip(name, () => body({ fresh: never, open: never }));
}

const never = () => Promise.reject(new Error('skipped'));
