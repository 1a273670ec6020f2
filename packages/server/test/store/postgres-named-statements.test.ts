import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/index.js';
import { NAMED_STATEMENTS } from '../../src/store/postgres-dialect.js';
import { describeDialect } from '../support/dialects.js';

// On PostgreSQL the statements a pool runs with parameters are prepared by name, once per
// connection (store/postgres-dialect.ts), up to NAMED_STATEMENTS texts. What it must keep: every
// run answers for its own values, a failed run leaves the statement usable, statements past the
// bound still run, and a table changed under a prepared statement is read as it now is.
describeDialect('postgres', 'statements prepared by name', (databases) => {
  let store: Store;
  const prepared = async () =>
    (
      await sql<{
        statement: string;
      }>`SELECT statement FROM pg_prepared_statements`.execute(store.db)
    ).rows.map((r) => r.statement);
  const titleOf = (id: number) =>
    sql<{ title: string }>`SELECT title FROM named WHERE id = ${id}`.execute(store.db);

  beforeAll(async () => {
    // One connection: pg_prepared_statements shows that connection's statements.
    store = openStore({ ...(await databases.fresh()), maxConnections: 1 });
    await sql`CREATE TABLE named (id integer PRIMARY KEY, title text NOT NULL)`.execute(store.db);
    await sql`INSERT INTO named VALUES (1, 'one'), (2, 'two')`.execute(store.db);
  });
  afterAll(() => store.close());

  it('prepares a statement with parameters once and answers each run for its own values', async () => {
    expect((await titleOf(1)).rows).toEqual([{ title: 'one' }]);
    expect((await titleOf(2)).rows).toEqual([{ title: 'two' }]);
    expect((await titleOf(3)).rows).toEqual([]);
    const reads = (await prepared()).filter((s) => s.includes('SELECT title FROM named'));
    expect(reads).toHaveLength(1);
  });

  it('leaves statements without parameters unprepared', async () => {
    await sql.raw('SELECT title FROM named WHERE id = 1 /* inline */').execute(store.db);
    expect((await prepared()).some((s) => s.includes('inline'))).toBe(false);
  });

  it('runs a prepared statement again after one of its runs failed', async () => {
    const insert = (id: number) => sql`INSERT INTO named VALUES (${id}, ${'again'})`;
    await insert(10).execute(store.db);
    await expect(insert(10).execute(store.db)).rejects.toThrow(/duplicate key/);
    await insert(11).execute(store.db);
    const inTransaction = store.db.transaction().execute((trx) => insert(11).execute(trx));
    await expect(inTransaction).rejects.toThrow(/duplicate key/);
    await insert(12).execute(store.db);
    const ids = await sql<{
      id: number;
    }>`SELECT id FROM named WHERE title = ${'again'} ORDER BY id`.execute(store.db);
    expect(ids.rows.map((r) => r.id)).toEqual([10, 11, 12]);
  });

  it('reads a table changed under a prepared statement as it now is', async () => {
    const row = () =>
      sql<{ title: string }>`SELECT title FROM named WHERE id = ${2}`.execute(store.db);
    expect((await row()).rows).toEqual([{ title: 'two' }]);
    await sql`ALTER TABLE named ADD COLUMN note text`.execute(store.db);
    await sql`UPDATE named SET title = 'changed' WHERE id = 2`.execute(store.db);
    expect((await row()).rows).toEqual([{ title: 'changed' }]);
  });

  it('prepares statements afresh after a column changes type', async () => {
    await sql`CREATE TABLE typed (id integer PRIMARY KEY, code text)`.execute(store.db);
    const insert = (id: number, code: string | number) =>
      sql`INSERT INTO typed VALUES (${id}, ${code})`.execute(store.db);
    await insert(1, 'a');
    await sql`DELETE FROM typed`.execute(store.db);
    await sql`ALTER TABLE typed ALTER COLUMN code TYPE bigint USING code::bigint`.execute(store.db);
    await insert(2, 7);
    const codes = await sql<{ code: string }>`SELECT code FROM typed WHERE id = ${2}`.execute(
      store.db,
    );
    expect(codes.rows).toEqual([{ code: '7' }]);
  });

  it(`runs every statement past the first ${NAMED_STATEMENTS} texts, unprepared`, async () => {
    const before = (await prepared()).length;
    for (let n = 0; n < NAMED_STATEMENTS + 20; n++) {
      const total = sql<{ total: number }>`SELECT ${n}::integer + ${sql.raw(String(n))} AS total`;
      expect((await total.execute(store.db)).rows).toEqual([{ total: 2 * n }]);
    }
    expect((await prepared()).length).toBeLessThanOrEqual(before + NAMED_STATEMENTS);
  });
});
