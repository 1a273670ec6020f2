import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { registerDecimalFunctions } from '@specrun/expr';
import Database from 'better-sqlite3';

/** The file name of the application's database inside the data folder. */
export const SQLITE_FILE = 'specrun.sqlite';

/**
 * Opens (creating if needed) the application's SQLite database in `dataDir`, with the settings
 * every connection needs: WAL, synchronous=FULL (better-sqlite3 opens WAL with NORMAL otherwise,
 * which can lose acknowledged writes on power loss), foreign keys, and a busy timeout. A server
 * keeps 64 MB of pages (SQLite's default is 2 MB) and sorts in memory, so that reading a page
 * of a large table does not wait on the disk for pages it read a moment ago. The connection has
 * the functions exact decimal arithmetic runs on (registerDecimalFunctions).
 */
export function openSqlite(
  dataDir: string,
  onStatement?: (sql: string) => void,
): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  // `verbose` is told of every statement run, prepared ones included, with its SQL.
  const verbose = onStatement && ((message?: unknown) => onStatement(String(message)));
  const db = new Database(join(dataDir, SQLITE_FILE), verbose ? { verbose } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  // Decimal arithmetic, comparisons and sorting in compiled SQL call these (exact; SQLite has
  // no decimal type of its own).
  registerDecimalFunctions(db);
  return db;
}
