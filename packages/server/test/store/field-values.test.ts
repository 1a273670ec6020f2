import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ConstraintError, getRecord, insertRecord, InvalidValuesError } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHelpdeskStore } from './helpdesk-store.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'field values', (databases) => {
    const { db, t } = useHelpdeskStore(databases);

    const exact = {
      title: 'Printer on fire',
      body: 'Line one\nLine two — with “quotes” and emoji 🔥',
      priority: 'high',
      estimate: -42,
      ratio: '12345678901234567890.123456789',
      price: '92233720368547758.07',
      fee: '0.30',
      yen: '1234567',
      urgent: false,
      dueDate: '2024-02-29',
      closedAt: '2024-05-01T07:30:00.123Z',
      contact: 'ada@example.com',
      link: 'https://example.com/a?b=c',
      status: 'closed',
    };

    it('round-trips every field type exactly', async () => {
      const inserted = await insertRecord(db(), t('Ticket'), exact);
      expect(inserted).toMatchObject({
        ...exact,
        version: 1,
        createdBy: null,
        assignee: null,
        tags: [],
      });
      expect(inserted.createdAt).toBe(inserted.updatedAt);
      expect(inserted.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await getRecord(db(), t('Ticket'), inserted.id as string)).toEqual(inserted);
    });

    it('normalises values to one exact form on every dialect', async () => {
      const r = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        ratio: '0010.500',
        fee: '7',
        urgent: true,
        closedAt: '2024-05-01T09:30:00.1+02:00',
        estimate: 9007199254740993n,
      });
      expect(r).toMatchObject({
        ratio: '10.5',
        fee: '7.00',
        urgent: true,
        closedAt: '2024-05-01T07:30:00.100Z',
      });
      // Beyond 2^53 an integer comes back as its exact digits.
      expect(r.estimate).toBe('9007199254740993');
      expect(r).toMatchObject({ priority: 'normal', status: 'open', body: null, price: null });
    });

    it('adds amounts in the database without a float', async () => {
      for (const fee of ['0.10', '0.20'])
        await insertRecord(db(), t('Ticket'), { title: 'x', fee });
      const { rows } = await sql<{
        total: unknown;
      }>`SELECT SUM("fee") AS "total" FROM "tickets"`.execute(db());
      expect(BigInt(rows[0]!.total as string)).toBe(30n);
    });

    it('refuses bad values, listing every problem', async () => {
      const attempt = insertRecord(db(), t('Ticket'), {
        title: 'x',
        priority: 'urgent',
        price: '1.005',
        dueDate: '2023-02-29',
        version: 7,
        colour: 'red',
      });
      await expect(attempt).rejects.toBeInstanceOf(InvalidValuesError);
      const issues = await attempt.catch((e: InvalidValuesError) => e.issues);
      expect((issues as InvalidValuesError['issues']).map((i) => [i.field, i.code])).toEqual([
        ['priority', 'INVALID_VALUE'],
        ['price', 'INVALID_VALUE'],
        ['dueDate', 'INVALID_VALUE'],
        ['version', 'READ_ONLY'],
        ['colour', 'UNKNOWN_FIELD'],
      ]);
    });

    it('has the database itself refuse values outside an enum, and bad dates', async () => {
      const { id } = await insertRecord(db(), t('Ticket'), { title: 'x' });
      const set = (column: string, value: string) =>
        sql`UPDATE "tickets" SET ${sql.ref(column)} = ${value} WHERE "id" = ${id}`.execute(db());
      await expect(set('priority', 'urgent')).rejects.toThrow();
      await expect(set('status', 'lost')).rejects.toThrow();
      await expect(set('dueDate', '2024-02-30')).rejects.toThrow();
      await expect(set('closedAt', 'soon')).rejects.toThrow();
      expect(await getRecord(db(), t('Ticket'), id as string)).toMatchObject({
        priority: 'normal',
        dueDate: null,
      });
    });

    it('enforces references and unique fields with typed errors', async () => {
      const missing = insertRecord(db(), t('Ticket'), { title: 'x', assignee: 'nobody' });
      await expect(missing).rejects.toMatchObject({ kind: 'foreign-key' });
      await insertRecord(db(), t('Tag'), { name: 'printer' });
      const twice = insertRecord(db(), t('Tag'), { name: 'printer' });
      await expect(twice).rejects.toBeInstanceOf(ConstraintError);
      await expect(twice).rejects.toMatchObject({ kind: 'unique' });
    });
  });
}
