import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite, SQLITE_FILE } from '../src/index.js';

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
    // A server's page cache: 64 MB (negative: in KiB), and sorts kept in memory (2).
    expect(db.pragma('cache_size', { simple: true })).toBe(-65536);
    expect(db.pragma('temp_store', { simple: true })).toBe(2);
    db.close();
  });
});
