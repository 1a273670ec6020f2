import { afterAll } from 'vitest';
import { postgresBinaries } from '../../support/postgres-cluster.js';
import { usePostgresDatabases } from '../../support/postgres-databases.js';
import { postgresDatabase, sqliteDatabase, type TestDatabase } from './test-databases.js';

/** The dialects every differential suite runs on: SQLite always, PostgreSQL when installed. */
export const DIALECTS = postgresBinaries()
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const);

/**
 * For a suite on a dialect: a function that opens a fresh database (in the run's throwaway
 * cluster for PostgreSQL). Everything opened is closed after the suite.
 */
export function useDatabases(
  dialect: 'sqlite' | 'postgres',
): (name: string) => Promise<TestDatabase> {
  const create = dialect === 'postgres' ? usePostgresDatabases() : undefined;
  const opened: TestDatabase[] = [];
  // Registered after the databases' own hook, so it runs before their drop.
  afterAll(async () => {
    for (const target of opened) await target.db.destroy();
  }, 60_000);
  return async (name) => {
    const target = create ? postgresDatabase(await create(name)) : sqliteDatabase();
    opened.push(target);
    return target;
  };
}
