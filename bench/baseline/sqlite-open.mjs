// A better-sqlite3 connection with the settings specrun gives its own: WAL, synchronous=FULL,
// foreign keys, a 64 MB page cache and sorts in memory.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

/** Opens a database file that specrun created. */
export function openSqlite(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  return db;
}
