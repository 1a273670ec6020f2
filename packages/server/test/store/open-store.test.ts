import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { listMigrations, migrate, openStore, storeOptionsFrom } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { helpdesk } from './fixtures.js';

it('chooses PostgreSQL from a postgres:// URL, else SQLite in the data folder', () => {
  expect(storeOptionsFrom('data', 'postgres://u@h/db')).toEqual({
    databaseUrl: 'postgres://u@h/db',
  });
  expect(storeOptionsFrom('data', '')).toEqual({ dataDir: 'data' });
});

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'opening a store', (databases) => {
    it('opens the database on its dialect', async () => {
      const store = await databases.open();
      expect(store.dialect).toBe(dialect);
      const { rows } = await sql<{ one: unknown }>`SELECT 1 AS "one"`.execute(store.db);
      expect(Number(rows[0]!.one)).toBe(1);
      await store.close();
    });

    if (dialect === 'sqlite') {
      it('sets WAL, full sync, foreign keys and a busy timeout, and keeps foreign keys on after migrating', async () => {
        const store = await databases.open();
        await migrate(store, helpdesk());
        const pragma = async (name: string) => {
          const { rows } = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(
            store.db,
          );
          return Object.values(rows[0]!)[0];
        };
        expect(await pragma('journal_mode')).toBe('wal');
        expect(await pragma('synchronous')).toBe(2n);
        expect(await pragma('foreign_keys')).toBe(1n);
        expect(await pragma('busy_timeout')).toBe(5000n);
        await store.close();
      });
    }

    // better-sqlite3 is synchronous: two connections in one process would wait on each other's
    // lock while holding the event loop, so the SQLite case (BEGIN IMMEDIATE) needs processes.
    it.runIf(dialect === 'postgres')(
      'migrates once when two servers start on one database together',
      async () => {
        const options = await databases.fresh();
        const [a, b] = [openStore(options), openStore(options)];
        const results = await Promise.all([migrate(a, helpdesk()), migrate(b, helpdesk())]);
        expect(results.map((r) => r.status).sort()).toEqual(['applied', 'up-to-date']);
        expect(await listMigrations(a.db)).toHaveLength(1);
        await Promise.all([a.close(), b.close()]);
      },
    );
  });
}
