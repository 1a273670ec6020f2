import type { AppModel } from '@specrun/model';
import { registerDecimalFunctions } from '@specrun/expr';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Dialect } from '../../../src/store/column-codec.js';
import { createTableSql } from '../../../src/store/ddl.js';
import { deriveTables } from '../../../src/store/derive-tables.js';

/** A database the differential tests run on. */
export interface TestDatabase {
  dialect: Dialect;
  // Tables come from the model at run time: no static database type exists.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
}

/** An in-memory SQLite database, integers read as bigints as the store reads them. */
export function sqliteDatabase(): TestDatabase {
  const database = new Database(':memory:');
  database.defaultSafeIntegers(true);
  // Rows are replaced wholesale between runs; the store's foreign keys are not under test here.
  database.pragma('foreign_keys = OFF');
  registerDecimalFunctions(database);
  return { dialect: 'sqlite', db: new Kysely({ dialect: new SqliteDialect({ database }) }) };
}

/** A database at `url`, as a pool of two connections. */
export function postgresDatabase(url: string): TestDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: '-c TimeZone=UTC' });
  return { dialect: 'postgres', db: new Kysely({ dialect: new PostgresDialect({ pool }) }) };
}

/** Creates the entity, list and roles tables of a model with the store's own DDL. */
export async function createTables(target: TestDatabase, model: AppModel): Promise<void> {
  for (const table of deriveTables(model).tables) {
    if (table.role.kind === 'history') continue;
    const text = createTableSql(target.db, target.dialect, table);
    await sql.raw(text).execute(target.db);
  }
}
