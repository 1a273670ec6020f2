import { afterAll, beforeAll } from 'vitest';
import {
  postgresBinaries,
  startPostgresCluster,
  type PostgresCluster,
} from '../../support/postgres-cluster.js';
import { postgresDatabase, sqliteDatabase, type TestDatabase } from './test-databases.js';

/** The dialects every differential suite runs on: SQLite always, PostgreSQL when installed. */
export const DIALECTS = postgresBinaries()
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const);

/**
 * For a suite on a dialect: a function that opens a fresh database (in a throwaway cluster for
 * PostgreSQL). Everything opened is closed after the suite.
 */
export function useDatabases(
  dialect: 'sqlite' | 'postgres',
): (name: string) => Promise<TestDatabase> {
  let cluster: PostgresCluster | undefined;
  const opened: TestDatabase[] = [];
  beforeAll(async () => {
    if (dialect === 'postgres') cluster = await startPostgresCluster(postgresBinaries()!);
  }, 60_000);
  afterAll(async () => {
    for (const target of opened) await target.db.destroy();
    await cluster?.stop();
  }, 60_000);
  return async (name) => {
    const target = dialect === 'sqlite' ? sqliteDatabase() : await postgresDatabase(cluster!, name);
    opened.push(target);
    return target;
  };
}
