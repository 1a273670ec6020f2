// Loads the benchmark's rows straight into the SQLite database specrun made (its own tables,
// as derived from the specification), in large transactions: a million rows take seconds.
import { createRequire } from 'node:module';
import { baseRows, TICKET_COLUMNS } from './seed-rows.mjs';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');

const BATCH = 20_000;

/** A table's indexes, each as its key columns (`createdAt desc` where it descends). */
export function sqliteIndexes(db, table) {
  const names = db.pragma(`index_list("${table}")`).map((i) => i.name);
  return names.map((name) =>
    db
      .pragma(`index_xinfo("${name}")`)
      .filter((c) => c.key && c.name !== null)
      .map((c) => (c.desc ? `${c.name} desc` : c.name)),
  );
}

function inserter(db, table, columns) {
  const names = columns.map((c) => `"${c}"`).join(', ');
  const marks = columns.map(() => '?').join(', ');
  const statement = db.prepare(`INSERT INTO "${table}" (${names}) VALUES (${marks})`);
  return (row) => statement.run(columns.map((c) => row[c]));
}

/** Opens the database file of a specrun data folder for loading. */
export function openSqliteSeed(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  const insertAll = (table, rows) => {
    const list = Array.isArray(rows) ? rows : [...rows];
    if (list.length === 0) return;
    const insert = inserter(db, table, Object.keys(list[0]));
    db.transaction(() => list.forEach(insert))();
  };
  return {
    /** Users, roles and products; answers what the tickets refer to. */
    base() {
      const base = baseRows();
      insertAll('users', base.users);
      insertAll('user_roles', base.roles);
      insertAll('products', base.products);
      return base;
    },
    /** Rows of specrun's sessions table (see creatorSessions). */
    sessions: (rows) => insertAll('_specrun_sessions', rows),
    /** Inserts tickets from a generator, BATCH to a transaction. */
    tickets(rows) {
      const insert = inserter(db, 'tickets', TICKET_COLUMNS);
      let batch = [];
      const flush = db.transaction((list) => list.forEach(insert));
      for (const row of rows) {
        batch.push(row);
        if (batch.length < BATCH) continue;
        flush(batch);
        batch = [];
      }
      flush(batch);
    },
    /** Lets the query planner know the new sizes, as a production database would. */
    analyze() {
      db.exec('ANALYZE');
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    indexes: (table) => sqliteIndexes(db, table),
    close: () => db.close(),
  };
}
