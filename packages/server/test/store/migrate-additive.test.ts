import { expect, it } from 'vitest';
import { listMigrations, migrate, MigrationFailedError } from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { entity, field, type } from '../support/model-builder.js';
import { thirty, useMigrationStore, v1, withTicket } from './migration-fixtures.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'schema evolution, additive', (databases) => {
    const { store, tableNames, records, seed } = useMigrationStore(databases);

    it('creates every table on a new database and records the migration', async () => {
      const result = await migrate(store(), v1);
      expect(result.status).toBe('applied');
      expect(await tableNames()).toEqual([
        'tickets',
        'tickets_history',
        'user_roles',
        'users',
        'users_history',
      ]);
      const migrations = await listMigrations(store().db);
      expect(migrations).toHaveLength(1);
      expect(migrations[0]).toMatchObject({ id: result.migrationId, modelName: 'Helpdesk' });
      expect(migrations[0]!.steps.map((s) => s.kind)).toContain('create-table');
      expect((await migrate(store(), v1)).status).toBe('up-to-date');
      expect(await listMigrations(store().db)).toHaveLength(1);
    });

    it('applies additive changes in one migration and keeps the data', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const comment = entity('Comment', [field('ticket', type.ref('Ticket'), { required: true })]);
      const v2 = withTicket(
        (fs) => [
          ...fs,
          field('notes', type.longText),
          field('severity', type.oneOf('minor', 'major'), { required: true, default: 'minor' }),
          field('points', type.integer, { required: true, default: 0 }),
          field('budget', type.money('EUR'), { required: true, default: '0.50' }),
        ],
        comment,
      );
      const result = await migrate(store(), v2);
      expect(result.status).toBe('applied');
      expect(result.plan.steps.every((s) => !s.destructive)).toBe(true);
      expect(
        result.plan.steps.map((s) => `${s.kind} ${s.table}${s.column ? `.${s.column}` : ''}`),
      ).toEqual(
        expect.arrayContaining([
          'create-table comments',
          'add-column tickets.notes',
          'add-column tickets.severity',
          'create-table comments_history',
        ]),
      );
      const rows = await records(v2);
      expect(rows).toHaveLength(30);
      expect(rows[0]).toMatchObject({
        title: 't00',
        internalNote: 'secret',
        notes: null,
        severity: 'minor',
        points: 0,
        budget: '0.50',
      });
      const migrations = await listMigrations(store().db);
      expect(migrations.map((m) => m.steps.length)).toEqual([
        expect.any(Number),
        result.plan.steps.length,
      ]);
    });

    it('adds a required field without default to an empty table at once', async () => {
      await migrate(store(), v1);
      const v2 = withTicket((fs) => [
        ...fs,
        field('severity', type.oneOf('minor', 'major'), { required: true }),
      ]);
      expect((await migrate(store(), v2)).status).toBe('applied');
      await expect(seed(v2, [{ title: 'x' }])).rejects.toMatchObject({ kind: 'not-null' });
    });

    it('widens an enum without asking, and the new value is accepted', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const v2 = withTicket((fs) =>
        fs.map((f) =>
          f.name === 'priority' ? { ...f, type: type.oneOf('low', 'normal', 'high', 'urgent') } : f,
        ),
      );
      expect((await migrate(store(), v2)).status).toBe('applied');
      await seed(v2, [{ title: 'zz', priority: 'urgent' }]);
      expect(await records(v2)).toHaveLength(31);
    });

    it('adds a list of field as a join table, and a state with its initial state', async () => {
      await migrate(store(), v1);
      await seed(v1, thirty);
      const tag = entity('Tag', [field('name', type.text)]);
      const v2 = {
        ...withTicket(
          (fs) => [
            ...fs,
            field('tags', type.listOf('Tag')),
            field('status', type.state, { required: true }),
          ],
          tag,
        ),
      };
      v2.lifecycles = [
        {
          entity: 'Ticket',
          field: 'status',
          states: ['open', 'done'],
          initial: 'open',
          transitions: [],
          description: '',
          line: 1,
        },
      ];
      const result = await migrate(store(), v2);
      expect(result.status).toBe('applied');
      expect(await tableNames()).toContain('tickets_tags');
      expect((await records(v2))[0]).toMatchObject({ status: 'open', tags: [] });
    });

    it('applies nothing when a step fails', async () => {
      await migrate(store(), v1);
      await seed(v1, [{ title: 'same' }, { title: 'same' }]);
      const v2 = withTicket(
        (fs) =>
          fs.map((f) => (f.name === 'title' ? { ...f, rules: [{ kind: 'unique' as const }] } : f)),
        entity('Tag', []),
      );
      await expect(migrate(store(), v2)).rejects.toBeInstanceOf(MigrationFailedError);
      expect(await tableNames()).not.toContain('tags');
      expect(await listMigrations(store().db)).toHaveLength(1);
      expect((await migrate(store(), v1)).status).toBe('up-to-date');
    });
  });
}
