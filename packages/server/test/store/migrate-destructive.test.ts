import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  deriveTables,
  formatMigrationPlan,
  insertRecord,
  listMigrations,
  migrate,
  resolveTables,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { entity, field, model, type } from '../support/model-builder.js';
import {
  thirty,
  ticket,
  useMigrationStore,
  v1,
  withTicket,
  without,
} from './migration-fixtures.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'schema evolution, with data at stake', (databases) => {
    const { store, tableNames, columnsOf, records, seed } = useMigrationStore(databases);

    it('refuses to drop a field that holds values, saying how many rows, and changes nothing', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const result = await migrate(store(), without('internalNote'));
      expect(result.status).toBe('refused');
      const lost = result.plan.steps.filter((s) => s.destructive);
      expect(lost).toEqual([
        expect.objectContaining({
          kind: 'drop-column',
          table: 'tickets',
          column: 'internalNote',
          rows: 12,
        }),
      ]);
      expect(lost[0]!.loss).toBe('drop column tickets.internalNote: 12 rows hold a value');
      expect(formatMigrationPlan(result)).toContain(
        'drop column tickets.internalNote: 12 rows hold a value',
      );
      expect(formatMigrationPlan(result)).toContain('Refused');
      expect(await columnsOf('tickets')).toContain('internalNote');
      expect((await records(v1)).filter((r) => r.internalNote === 'secret')).toHaveLength(12);
      expect(await listMigrations(store().db)).toHaveLength(1);
    });

    it('drops the field when data loss is accepted, keeping the rest', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const v2 = without('internalNote');
      const result = await migrate(store(), v2, { acceptDataLoss: true });
      expect(result.status).toBe('applied');
      expect(await columnsOf('tickets')).not.toContain('internalNote');
      const rows = await records(v2);
      expect(rows).toHaveLength(30);
      expect(rows[1]).toMatchObject({ title: 't01', code: 'C1', priority: 'low', version: 1 });
      expect(await listMigrations(store().db)).toHaveLength(2);
      expect((await migrate(store(), v2)).status).toBe('up-to-date');
    });

    it('drops an empty field without asking: nothing is lost', async () => {
      await migrate(store(), v1);
      await seed(v1, [{ title: 'a' }]);
      expect((await migrate(store(), without('internalNote'))).status).toBe('applied');
    });

    it('plans without applying', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const v2 = withTicket(
        (fs) => [...fs.filter((f) => f.name !== 'code'), field('due', type.date)],
        entity('Tag', [field('name', type.text)]),
      );
      const result = await migrate(store(), v2, { dryRun: true });
      expect(result.status).toBe('planned');
      const text = formatMigrationPlan(result, { sql: true });
      expect(text).toContain('+ create table tags');
      expect(text).toContain('+ add column tickets.due');
      expect(text).toContain('! drop column tickets.code: 3 rows hold a value');
      expect(text).toMatch(/create table "tags"/i);
      expect(text).toContain('Nothing was applied');
      expect(await tableNames()).not.toContain('tags');
      expect(await columnsOf('tickets')).toContain('code');
      expect(await listMigrations(store().db)).toHaveLength(1);
    });

    it('refuses a dropped entity with its row count', async () => {
      const withTags = model([ticket(), entity('Tag', [field('name', type.text)])], {
        name: 'Helpdesk',
      });
      await migrate(store(), withTags);
      const tags = resolveTables(store().db, store().dialect, deriveTables(withTags)).get('Tag')!;
      for (const name of ['a', 'b', 'c', 'd']) await insertRecord(store().db, tags, { name });
      const result = await migrate(store(), v1);
      expect(result.status).toBe('refused');
      expect(result.plan.steps.filter((s) => s.destructive).map((s) => s.loss)).toEqual([
        'drop table tags: 4 rows',
      ]);
      expect((await migrate(store(), v1, { acceptDataLoss: true })).status).toBe('applied');
      expect(await tableNames()).not.toContain('tags');
      expect(await tableNames()).not.toContain('tags_history');
    });

    it('refuses a new required field without default on existing rows, and deletes them when accepted', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const v2 = withTicket((fs) => [
        ...fs,
        field('severity', type.oneOf('minor', 'major'), { required: true }),
      ]);
      const result = await migrate(store(), v2);
      expect(result.status).toBe('refused');
      expect(result.plan.steps.find((s) => s.destructive)?.loss).toMatch(
        /^add required field tickets\.severity without default: 30 existing rows have no value/,
      );
      expect(await records(v1)).toHaveLength(30);
      expect((await migrate(store(), v2, { acceptDataLoss: true })).status).toBe('applied');
      expect(await records(v2)).toHaveLength(0);
    });

    it('refuses to remove enum values rows still use, and moves them to the default when accepted', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const v2 = withTicket((fs) =>
        fs.map((f) => (f.name === 'priority' ? { ...f, type: type.oneOf('low', 'normal') } : f)),
      );
      const result = await migrate(store(), v2);
      expect(result.status).toBe('refused');
      expect(result.plan.steps.find((s) => s.destructive)?.loss).toBe(
        'remove values high from tickets.priority: 2 rows use them',
      );
      expect((await migrate(store(), v2, { acceptDataLoss: true })).status).toBe('applied');
      const rows = await records(v2);
      expect(rows.filter((r) => r.priority === 'normal').map((r) => r.title)).toEqual([
        't00',
        't15',
      ]);
    });

    it('refuses a type change with the rows that hold a value', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const v2 = withTicket((fs) =>
        fs.map((f) => (f.name === 'code' ? { ...f, type: type.integer } : f)),
      );
      const result = await migrate(store(), v2);
      expect(result.plan.steps.find((s) => s.destructive)?.loss).toBe(
        'change type of tickets.code from text to integer: 3 rows',
      );
      expect((await migrate(store(), v2, { acceptDataLoss: true })).status).toBe('applied');
      await seed(v2, [{ title: 'zz', code: 7 }]);
      expect((await records(v2)).map((r) => r.code).filter((c) => c !== null)).toEqual([7]);
    });

    it('reports a database edited by hand instead of guessing', async () => {
      await migrate(store(), v1);
      await sql`CREATE TABLE "reports" ("id" text)`.execute(store().db);
      await sql`ALTER TABLE "tickets" ADD COLUMN "extra" text`.execute(store().db);
      const result = await migrate(
        store(),
        model([ticket(), entity('Tag', [])], { name: 'Helpdesk' }),
      );
      expect(result.status).toBe('drift');
      expect(result.plan.drift).toEqual(
        expect.arrayContaining([
          'table reports is in the database but specrun did not create it',
          'column tickets.extra is in the database but specrun did not create it',
        ]),
      );
      expect(await tableNames()).not.toContain('tags');
      expect(formatMigrationPlan(result)).toContain('changed outside specrun');
    });
  });
}
