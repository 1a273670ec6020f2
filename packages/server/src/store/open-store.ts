import { Kysely, type LogEvent } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { Dialect } from './column-codec.js';
import type { Db } from './db-type.js';
import { openSqlite } from './open-sqlite.js';
import { SpecrunPostgresDialect } from './postgres-dialect.js';
import { ImmediateSqliteDialect } from './sqlite-dialect.js';
import { cachingDatabase } from './sqlite-statements.js';
import { allowImmediateReads } from './fast-reads.js';
import { allowSqliteWrites } from './sqlite-write-transaction.js';
import { allowBoundedReads } from './bounded-reads.js';
import { SqliteReader } from './sqlite-reader.js';
import { SQLITE_FILE } from './open-sqlite.js';
import { join } from 'node:path';

/** Where the data lives: a folder for SQLite, or a PostgreSQL URL. */
export type StoreOptions = (
  | { dataDir: string }
  | {
      databaseUrl: string;
      maxConnections?: number;
      /** statement_timeout of every connection, in milliseconds (MAX_STATEMENT_MS); none if 0. */
      statementTimeoutMs?: number;
    }
) &
  StoreObservers;

/** Who is told of the statements the store runs (tests that hold calls to a budget). */
export interface StoreObservers {
  /**
   * Called with each statement as the database runs it: its SQL and parameters, or on SQLite's
   * own connection its SQL with the parameters written in (as SQLite expands it).
   */
  onStatement?: (sql: string, parameters?: readonly unknown[]) => void;
}

/** An open database: the dialect, a Kysely instance on it, and how to close it. */
export interface Store {
  dialect: Dialect;
  db: Db;
  close(): Promise<void>;
}

const DATE_OID = 1082;

// pg and its dependencies take a noticeable part of the start: a server on SQLite never loads them.
const loadPg = () => createRequire(import.meta.url)('pg') as typeof PgModule;

// PostgreSQL dates stay "YYYY-MM-DD" text: pg's default parses them as local midnight.
// bigint and numeric already arrive as exact strings; timestamptz as a Date (millisecond columns).
const typesOf = (pg: typeof PgModule) => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === DATE_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
});

/* eslint-disable @typescript-eslint/no-explicit-any -- see Db */
function openPostgres(
  url: string,
  max = 10,
  statementTimeoutMs = 0,
  observers: StoreObservers = {},
): Store {
  const timeout = Math.max(0, Math.trunc(statementTimeoutMs));
  const options = `-c TimeZone=UTC${timeout > 0 ? ` -c statement_timeout=${timeout}` : ''}`;
  const pg = loadPg();
  const pool = new pg.Pool({ connectionString: url, max, types: typesOf(pg), options });
  const { onStatement } = observers;
  const log =
    onStatement && ((event: LogEvent) => onStatement(event.query.sql, event.query.parameters));
  const db = new Kysely<any>({
    dialect: new SpecrunPostgresDialect(pool),
    ...(log ? { log } : {}),
  });
  return { dialect: 'postgres', db, close: () => db.destroy() };
}

function openSqliteStore(dataDir: string, observers: StoreObservers = {}): Store {
  const database = openSqlite(dataDir, observers.onStatement);
  // Integers come back as bigint: money in minor units must never pass through a float.
  // Kysely runs statements that return rows (INSERT … RETURNING too) with .all(), never .get(),
  // which would leave the statement open and keep the WAL from resetting.
  database.defaultSafeIntegers(true);
  const statements = cachingDatabase(database);
  const dialect = new ImmediateSqliteDialect({ database: statements });
  const db = new Kysely<any>({ dialect });
  const { connection } = dialect.driver;
  // Outside a transaction only: inside one, a statement is the transaction's (see allowSqliteWrites).
  allowImmediateReads(db, (text, parameters, firstOnly) =>
    database.inTransaction
      ? undefined
      : connection.run<Record<string, unknown>>(text, parameters, firstOnly).rows,
  );
  allowSqliteWrites(db, dialect, () => database.inTransaction);
  // Reads a client can make costly run on a thread of their own (see sqlite-reader.ts).
  const reader = new SqliteReader(join(dataDir, SQLITE_FILE), observers.onStatement);
  allowBoundedReads(db, reader);
  const close = async () => {
    await reader.close();
    await db.destroy();
  };
  return { dialect: 'sqlite', db, close };
}

/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Opens the application's database: `<dataDir>/specrun.sqlite` (WAL, synchronous=FULL, foreign
 * keys, busy timeout) or PostgreSQL through a pool. Run migrations before serving.
 */
export function openStore(options: StoreOptions): Store {
  return 'databaseUrl' in options
    ? openPostgres(options.databaseUrl, options.maxConnections, options.statementTimeoutMs, options)
    : openSqliteStore(options.dataDir, options);
}

/** Chooses the store from `--db` or DATABASE_URL: a postgres:// URL, else SQLite in dataDir. */
export function storeOptionsFrom(dataDir: string, url = process.env.DATABASE_URL): StoreOptions {
  return url && /^postgres(ql)?:\/\//.test(url) ? { databaseUrl: url } : { dataDir };
}
