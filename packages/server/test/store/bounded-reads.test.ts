import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  countRecords,
  deriveTables,
  insertRecord,
  listRecords,
  migrate,
  openStore,
  resolveTables,
  type EntityTable,
  type Store,
} from '../../src/index.js';
import { StatementTimeoutError } from '../../src/store/statement-timeout.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { helpdesk } from './fixtures.js';

const ROWS = 300;
const LIMIT_MS = 200;
// Several milliseconds of work for each row: 300 rows take well over a second (about 8 ms a row
// on these machines, 2.4 s in all). With a fifth of that work, a quiet moment let the whole read
// finish inside its limit and grace (700 ms), and the thread was never ended.
const SLOW_ROW = {
  sqlite: sql<SqlBool>`length(replace(hex(randomblob(1000000)), 'A', 'BB')) > 0`,
  // Its argument reads the row, so that it runs for each one rather than once.
  postgres: sql<SqlBool>`(SELECT true FROM pg_sleep(0.01 + 0 * length(title)))`,
};

/** The longest the event loop waited while `work` ran, in milliseconds. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { result: await work(), stallMs };
  } finally {
    clearInterval(ticker);
  }
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'bounded reads', (databases) => {
    let store: Store;
    let tickets: EntityTable;
    const bounded = { timeLimitMs: LIMIT_MS, rowsPerCheck: 1 };

    beforeAll(async () => {
      const options = await databases.fresh();
      // On PostgreSQL the time limit is the connections' statement_timeout.
      store = openStore(
        'databaseUrl' in options ? { ...options, statementTimeoutMs: LIMIT_MS } : options,
      );
      await migrate(store, helpdesk());
      tickets = resolveTables(store.db, store.dialect, deriveTables(helpdesk())).get('Ticket')!;
      for (let i = 0; i < ROWS; i++)
        await insertRecord(store.db, tickets, { title: `t${String(i).padStart(3, '0')}` });
    }, 60_000);
    afterAll(() => store.close());

    it('answers what the same read answers unbounded', async () => {
      const where = sql<SqlBool>`title >= 't150'`;
      const sort = [{ field: 'title' }];
      const plain = await listRecords(store.db, tickets, { where, sort, limit: 5 });
      const page = await listRecords(store.db, tickets, { where, sort, limit: 5, bounded });
      expect(page).toEqual(plain);
      expect(await countRecords(store.db, tickets, { where, bounded })).toBe(150);
      const cheap = { timeLimitMs: LIMIT_MS, rowsPerCheck: 256 };
      expect(await countRecords(store.db, tickets, { where, bounded: cheap })).toBe(150);
    });

    it('stops a read at its time limit, without holding the event loop', async () => {
      const where = SLOW_ROW[dialect];
      const started = performance.now();
      const { result, stallMs } = await longestStall(() =>
        countRecords(store.db, tickets, { where, bounded }).catch((error: unknown) => error),
      );
      const tookMs = performance.now() - started;
      expect(tookMs).toBeLessThan(LIMIT_MS + 1000);
      if (dialect === 'sqlite') {
        expect(result).toBeInstanceOf(StatementTimeoutError);
        expect((result as StatementTimeoutError).ran).toBe(true);
        expect(stallMs).toBeLessThan(100);
      } else {
        expect((result as { code?: string }).code).toBe('57014');
      }
      // The store still answers.
      expect(await countRecords(store.db, tickets, { bounded })).toBe(ROWS);
    });

    if (dialect !== 'sqlite') return;

    it('does not run a read that waited past its time limit', async () => {
      const slow = countRecords(store.db, tickets, { where: SLOW_ROW.sqlite, bounded });
      // Asked with a shorter limit than the slow read takes: its time is up before its turn.
      const hurried = { timeLimitMs: LIMIT_MS / 2, rowsPerCheck: 1 };
      const waiting = countRecords(store.db, tickets, { bounded: hurried });
      await expect(slow).rejects.toMatchObject({ ran: true });
      await expect(waiting).rejects.toMatchObject({ ran: false });
    });

    it('ends the thread of a read that does not stop itself, and starts another', async () => {
      // The clock is looked at every million rows: never, here.
      const blind = { timeLimitMs: LIMIT_MS, rowsPerCheck: 1_000_000 };
      const where = SLOW_ROW.sqlite;
      const started = performance.now();
      const error = await countRecords(store.db, tickets, { where, bounded: blind }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ ran: true });
      expect(performance.now() - started).toBeLessThan(LIMIT_MS + 1500);
      expect(await countRecords(store.db, tickets, { bounded })).toBe(ROWS);
    });
  });
}
