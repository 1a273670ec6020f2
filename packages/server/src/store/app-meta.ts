import type Database from 'better-sqlite3';

/** What the store records about the application it holds. */
export interface AppMeta {
  name: string;
  modelVersion: number;
  firstServedAt: string;
  lastServedAt: string;
}

/**
 * Records which application this database belongs to, so a later start can tell when a data
 * folder is reused for another specification.
 */
export function recordAppMeta(db: Database.Database, name: string, modelVersion: number): AppMeta {
  db.exec(`CREATE TABLE IF NOT EXISTS _specrun_meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
  ) STRICT`);
  const now = new Date().toISOString();
  const upsert = db.prepare(
    'INSERT INTO _specrun_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const insertOnce = db.prepare(
    'INSERT INTO _specrun_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING',
  );
  db.transaction(() => {
    upsert.run('name', name);
    upsert.run('modelVersion', String(modelVersion));
    insertOnce.run('firstServedAt', now);
    upsert.run('lastServedAt', now);
  })();
  const rows = db.prepare('SELECT key, value FROM _specrun_meta').all() as {
    key: string;
    value: string;
  }[];
  const meta = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    name: meta.name ?? name,
    modelVersion: Number(meta.modelVersion),
    firstServedAt: meta.firstServedAt ?? now,
    lastServedAt: meta.lastServedAt ?? now,
  };
}
