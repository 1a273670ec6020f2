// Loads the lean workload's items straight into a SQLite database by SQL: one prepared INSERT,
// BATCH rows to a transaction, so that a million rows take seconds. The same rows go into
// specrun's database and, for `npm run bench:anchors`, into Directus's.
import { createRequire } from 'node:module';
import { sqliteIndexes } from '../api/seed-sqlite.mjs';
import { ITEM_COLUMNS, itemRows } from './item-rows.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

const BATCH = 50_000;

const INSTANTS = ['createdAt', 'updatedAt'].map((c) => ITEM_COLUMNS.indexOf(c));

/** A row with its instants as milliseconds since 1970, as Directus keeps them in SQLite. */
function instantsAsMs(row) {
  const copy = [...row];
  for (const i of INSTANTS) copy[i] = Date.parse(copy[i]);
  return copy;
}

/**
 * Opens a database file whose `items` table has ITEM_COLUMNS, for loading; `instants: 'ms'`
 * writes createdAt and updatedAt as milliseconds (Directus) rather than ISO text (specrun).
 */
export function openItemsSeed(file, { instants = 'iso' } = {}) {
  const db = new Database(file);
  // A throwaway database, loaded once: no waiting for the disk at each commit, and a page cache
  // that holds the indexes being written.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const names = ITEM_COLUMNS.map((c) => `"${c}"`).join(', ');
  const marks = ITEM_COLUMNS.map(() => '?').join(', ');
  const insert = db.prepare(`INSERT INTO items (${names}) VALUES (${marks})`);
  const shape = instants === 'ms' ? instantsAsMs : (row) => row;
  const flush = db.transaction((rows) => {
    for (const row of rows) insert.run(shape(row));
  });
  return {
    /** Adds items number `from` to `to - 1` (see itemRows). */
    items(from, to) {
      for (let start = from; start < to; start += BATCH)
        flush([...itemRows(start, Math.min(to, start + BATCH))]);
    },
    /** Lets the query planner know the new size, and empties the WAL into the database. */
    analyze() {
      db.exec('ANALYZE');
      if (db.pragma('journal_mode', { simple: true }) === 'wal')
        db.pragma('wal_checkpoint(TRUNCATE)');
    },
    indexes: (table) => sqliteIndexes(db, table),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}
