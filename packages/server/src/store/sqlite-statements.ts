import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const MAX_CACHED = 500;
const SCHEMA_CHANGE = /^\s*(create|alter|drop|pragma)\b/i;

/** A prepared statement as Kysely's, which also reads a first row alone (better-sqlite3's get). */
export interface CachedStatement extends SqliteStatement {
  get(parameters: ReadonlyArray<unknown>): unknown;
}

/** What cachingDatabase answers: Kysely's SqliteDatabase, its statements CachedStatements. */
export interface CachingDatabase extends SqliteDatabase {
  prepare(text: string): CachedStatement;
}

/**
 * The database as Kysely's SqliteDialect sees it, with prepared statements kept by their SQL:
 * Kysely compiles a query to the same text each time, so a hot query is prepared once.
 */
export function cachingDatabase(db: Database.Database): CachingDatabase {
  const cache = new Map<string, CachedStatement>();
  return {
    close: () => db.close(),
    prepare(text: string): CachedStatement {
      const cached = cache.get(text);
      if (cached) return cached;
      const statement = db.prepare(text) as unknown as CachedStatement;
      if (SCHEMA_CHANGE.test(text)) {
        // A schema change can alter what cached statements return: start afresh.
        cache.clear();
        return statement;
      }
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(text, statement);
      return statement;
    },
  };
}
