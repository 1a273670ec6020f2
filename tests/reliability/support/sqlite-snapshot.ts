import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';

// Failed sign-ins are counted on purpose (the rate limit): the one table a refused request may
// change.
const MAY_CHANGE = new Set(['_specrun_sign_in_attempts']);

/** Opens the SQLite database of a data folder, read-only. */
export function openReadOnly(data: string): Database.Database {
  return new Database(join(data, 'specrun.sqlite'), { readonly: true, fileMustExist: true });
}

/** Every table's row count and a hash of its rows: equal snapshots, equal data. */
export function snapshot(data: string): Record<string, { rows: number; hash: string }> {
  const db = openReadOnly(data);
  try {
    const tables = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .all() as { name: string }[];
    const result: Record<string, { rows: number; hash: string }> = {};
    for (const { name } of tables) {
      if (MAY_CHANGE.has(name) || name.startsWith('sqlite_')) continue;
      // Sorted as text, not by rowid: the full-text search's own tables have none (WITHOUT ROWID).
      const rows = db
        .prepare(`SELECT * FROM "${name}"`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort();
      const hash = createHash('sha256').update(rows.join('\n')).digest('hex');
      result[name] = { rows: rows.length, hash };
    }
    return result;
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` of a data folder's database: 'ok' when sound. */
export function integrityCheck(data: string): string {
  const db = openReadOnly(data);
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}
