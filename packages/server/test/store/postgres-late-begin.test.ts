import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/index.js';
import { describeDialect } from '../support/dialects.js';

// On PostgreSQL a transaction's BEGIN waits for its first statement and, when that statement
// takes no parameters, travels with it in one message (store/postgres-dialect.ts). What it must
// keep: everything after BEGIN is the transaction's, whichever way BEGIN went; a transaction that
// ran nothing ends without a word to the server; a failed first statement leaves the connection
// as usable as any other.
describeDialect('postgres', 'a transaction BEGun with its first statement', (databases) => {
  let store: Store;
  const statements: string[] = [];
  const names = async () =>
    (await sql<{ name: string }>`SELECT name FROM late ORDER BY name`.execute(store.db)).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    store = openStore({
      ...(await databases.fresh()),
      maxConnections: 1,
      onStatement: (s) => statements.push(s),
    });
    await sql`CREATE TABLE late (name text PRIMARY KEY)`.execute(store.db);
  });
  afterAll(() => store.close());

  for (const first of ['without parameters', 'with parameters'] as const) {
    const insert = (name: string) =>
      first === 'without parameters'
        ? sql.raw(`INSERT INTO late (name) VALUES ('${name}')`)
        : sql`INSERT INTO late (name) VALUES (${name})`;

    it(`rolls back a first statement ${first}`, async () => {
      const name = `rolled back ${first}`;
      const write = store.db.transaction().execute(async (trx) => {
        await insert(name).execute(trx);
        const seen = await sql<{
          name: string;
        }>`SELECT name FROM late WHERE name = ${name}`.execute(trx);
        expect(seen.rows).toEqual([{ name }]);
        throw new Error('refused');
      });
      await expect(write).rejects.toThrow('refused');
      expect(await names()).not.toContain(name);
    });

    it(`commits a first statement ${first}`, async () => {
      const name = `committed ${first}`;
      await store.db.transaction().execute((trx) => insert(name).execute(trx));
      expect(await names()).toContain(name);
    });
  }

  it('holds a transaction-level lock taken by a first statement without parameters until the end', async () => {
    // pg_locks is the whole cluster's, where other test files' writes take their turns too: only
    // this test's key is counted.
    const locksOn = async (db: Store['db']) => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_locks
        WHERE locktype = 'advisory' AND classid = 0 AND objid = 4242 AND objsubid = 1`.execute(db);
      return rows[0]!.n;
    };
    const other = openStore({ ...(await databases.fresh()) });
    try {
      let during = '';
      await store.db.transaction().execute(async (trx) => {
        await sql.raw('SELECT pg_advisory_xact_lock(4242)').execute(trx);
        during = await locksOn(other.db);
      });
      expect(during).toBe('1');
      expect(await locksOn(store.db)).toBe('0');
    } finally {
      await other.close();
    }
  });

  it('sends nothing for a transaction that ran no statement, and the connection serves on', async () => {
    statements.length = 0;
    await store.db.transaction().execute(async () => 'nothing');
    await expect(
      store.db.transaction().execute(async () => {
        throw new Error('refused before any statement');
      }),
    ).rejects.toThrow('refused before');
    expect(statements).toEqual([]);
    expect(await names()).toContain('committed with parameters');
  });

  it('ends a transaction whose first statement failed, and the connection serves on', async () => {
    const failing = store.db.transaction().execute(async (trx) => {
      await sql.raw('SELECT * FROM no_such_table').execute(trx);
    });
    await expect(failing).rejects.toThrow('no_such_table');
    // One connection: had the failed transaction stayed open, this would be refused as aborted.
    await store.db
      .transaction()
      .execute((trx) => sql`INSERT INTO late (name) VALUES (${'after'})`.execute(trx));
    expect(await names()).toContain('after');
  });
});
