import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  countRecords,
  deriveTables,
  insertRecord,
  InvalidCursorError,
  listRecords,
  migrate,
  resolveTables,
  type EntityTable,
  type ListOptions,
  type Store,
  type WireRecord,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { helpdesk } from './fixtures.js';

// Ties and empty values on purpose: the order must still be total and stable across pages.
const ROWS = [
  { title: 'a', priority: 'high', estimate: 3, fee: '10.00', ratio: '9' },
  { title: 'b', priority: 'low', estimate: null, fee: '-1.50', ratio: '10' },
  { title: 'c', priority: 'high', estimate: 3, fee: '0.10', ratio: '9.5' },
  { title: 'd', priority: 'normal', estimate: 1, fee: null, ratio: null },
  { title: 'e', priority: 'high', estimate: null, fee: '92233720368547758.07', ratio: '-2' },
  { title: 'f', priority: 'low', estimate: 3, fee: '0.10', ratio: '100' },
  { title: 'g', priority: 'high', estimate: 1, fee: '0.20', ratio: '0.5' },
];

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'listing records', (databases) => {
    let store: Store;
    let tickets: EntityTable;

    beforeAll(async () => {
      store = await databases.open();
      await migrate(store, helpdesk());
      tickets = resolveTables(store.db, store.dialect, deriveTables(helpdesk())).get('Ticket')!;
      for (const row of ROWS)
        await insertRecord(store.db, tickets, { ...row, urgent: row.title < 'd' });
    });
    afterAll(() => store.close());

    const titles = (records: WireRecord[]) => records.map((r) => r.title).join('');

    async function allPages(options: ListOptions) {
      const pages: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await listRecords(store.db, tickets, { ...options, cursor, limit: 3 });
        pages.push(titles(page.records));
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    }

    it('sorts by several fields, empty values first ascending, enums in their order, id breaking ties', async () => {
      const sort = [{ field: 'estimate' }, { field: 'priority', direction: 'desc' as const }];
      const { records } = await listRecords(store.db, tickets, { sort, limit: 100 });
      // estimate: null (e high, b low), 1 (g high, d normal), 3 (a high, c high, f low).
      expect(titles(records)).toBe('ebgdacf');
    });

    it('pages with a cursor over three pages without losing or repeating a record', async () => {
      const sort = [{ field: 'priority' }, { field: 'estimate', direction: 'desc' as const }];
      const { records } = await listRecords(store.db, tickets, { sort, limit: 100 });
      const pages = await allPages({ sort });
      expect(pages).toHaveLength(3);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.join('')).toBe(titles(records));
      expect(titles(records)).toBe('fbdacge');
      expect(new Set(pages.join('')).size).toBe(ROWS.length);
    });

    it('pages every order alike, however often its statement is reused, empty values included', async () => {
      // Plain lists bind a statement compiled once per shape: a cursor landing on an empty value
      // makes another shape (IS NULL) than one on a value, and each must page the same rows.
      const fields = ['estimate', 'fee', 'ratio', 'priority', 'title'];
      for (const field of fields)
        for (const direction of ['asc', 'desc'] as const) {
          const sort = [{ field, direction }];
          const { records } = await listRecords(store.db, tickets, { sort, limit: 100 });
          for (const limit of [1, 2, 3]) {
            const pages: string[] = [];
            let cursor: string | undefined;
            do {
              const page = await listRecords(store.db, tickets, { sort, cursor, limit });
              pages.push(titles(page.records));
              cursor = page.nextCursor;
            } while (cursor && pages.length <= ROWS.length);
            expect(pages.join(''), `${field} ${direction} by ${limit}`).toBe(titles(records));
          }
          const urgent = await listRecords(store.db, tickets, {
            sort,
            equals: { urgent: true },
            limit: 100,
          });
          expect(titles(urgent.records)).toBe(titles(records.filter((r) => String(r.title) < 'd')));
        }
    });

    it('sorts money and decimals by their value', async () => {
      const byFee = await listRecords(store.db, tickets, {
        sort: [{ field: 'fee', direction: 'desc' }],
        limit: 100,
      });
      expect(byFee.records.map((r) => r.fee)).toEqual([
        '92233720368547758.07',
        '10.00',
        '0.20',
        '0.10',
        '0.10',
        '-1.50',
        null,
      ]);
      expect(await allPages({ sort: [{ field: 'ratio' }] })).toEqual(['deg', 'acb', 'f']);
    });

    it('filters by equal values, empty values and built conditions', async () => {
      const list = (options: ListOptions) =>
        listRecords(store.db, tickets, { ...options, limit: 100 }).then((p) => titles(p.records));
      expect(await list({ equals: { priority: 'high' } })).toBe('aceg');
      expect(await list({ equals: { estimate: null } })).toBe('be');
      expect(await list({ equals: { urgent: true, priority: 'high' } })).toBe('ac');
      expect(await list({ equals: { fee: '0.1' } })).toBe('cf');
      expect(await list({ where: (eb) => eb('estimate', '>', 1) })).toBe('acf');
      expect(
        await list({
          where: sql<SqlBool>`${sql.ref('title')} IN ('a', 'g')`,
          sort: [{ field: 'title', direction: 'desc' }],
        }),
      ).toBe('ga');
      expect(await countRecords(store.db, tickets, { equals: { priority: 'low' } })).toBe(2);
    });

    it('pages through a filtered list', async () => {
      expect(await allPages({ equals: { priority: 'high' }, sort: [{ field: 'fee' }] })).toEqual([
        'cga',
        'e',
      ]);
    });

    it('refuses a cursor made for another sort', async () => {
      const { nextCursor } = await listRecords(store.db, tickets, { limit: 2 });
      const wrong = listRecords(store.db, tickets, {
        cursor: nextCursor,
        sort: [{ field: 'title' }],
      });
      await expect(wrong).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(listRecords(store.db, tickets, { cursor: 'garbage' })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    });
  });
}
