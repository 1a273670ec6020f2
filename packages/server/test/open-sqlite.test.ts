import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite, recordAppMeta, SQLITE_FILE } from '../src/index.js';

describe('the SQLite store', () => {
  it('creates the data folder and opens the database durably', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'specrun-data-')), 'nested', 'data');
    const db = openSqlite(dataDir);
    expect(existsSync(join(dataDir, SQLITE_FILE))).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 is FULL: every commit is on disk before it is acknowledged.
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('records which application the data belongs to, keeping the first start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'specrun-data-'));
    const first = recordAppMeta(openSqlite(dataDir), 'Helpdesk', 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const db = openSqlite(dataDir);
    const second = recordAppMeta(db, 'Helpdesk', 1);
    expect(second.name).toBe('Helpdesk');
    expect(second.firstServedAt).toBe(first.firstServedAt);
    expect(second.lastServedAt > first.lastServedAt).toBe(true);
    db.close();
  });
});
