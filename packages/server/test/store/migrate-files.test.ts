import { expect, it } from 'vitest';
import {
  deriveTables,
  getRecord,
  migrate,
  migrateSchema,
  planMigration,
  readFileChunks,
  readFileRow,
  resolveTables,
  type SchemaDescription,
  type Store,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { field, type } from '../support/model-builder.js';
import { useMigrationStore, withTicket } from './migration-fixtures.js';

/** The Ticket with a photo: a file field, as kept before files were stored apart. */
const withPhoto = withTicket((fs) => [...fs, field('photo', type.file)]);

/** The schema specrun derived before: a file was a text column in its record, with no table. */
function schemaBefore(schema: SchemaDescription): SchemaDescription {
  return {
    ...schema,
    tables: schema.tables
      .filter((t) => t.role.kind !== 'file')
      .map((t) => ({
        ...t,
        columns: t.columns.map((c) => (c.type === 'file' ? { ...c, type: 'text' as const } : c)),
      })),
  };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

// What photo columns held: data URLs as the web app sent them, and text any client sent.
const HELD: [string, string | null][] = [
  ['png', `data:image/png;base64,${PNG.toString('base64')}`],
  ['percent', 'data:,Hello%2C%20World%21'],
  ['text', 'photos/ada.jpg'],
  ['none', null],
];

async function bytesOf(store: Store, id: string): Promise<string | undefined> {
  const table = resolveTables(store.db, store.dialect, deriveTables(withPhoto)).get('Ticket')!;
  const row = await readFileRow(store.db, table, 'photo', id);
  if (!row) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of readFileChunks(store.db, table, 'photo', row, id, 4)) chunks.push(c);
  return Buffer.concat(chunks).toString('latin1');
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'moving files out of their records', (databases) => {
    const { store } = useMigrationStore(databases);

    async function seedBefore(): Promise<Map<string, string>> {
      const before = schemaBefore(deriveTables(withPhoto));
      expect((await migrateSchema(store(), 'Helpdesk', before)).status).toBe('applied');
      const ids = new Map<string, string>();
      for (const [title, photo] of HELD) {
        const id = `00000000-0000-7000-8000-00000000000${ids.size}`;
        const at = '2024-01-01T00:00:00.000Z';
        await store()
          .db.insertInto('tickets')
          .values({
            id,
            title,
            priority: 'normal',
            photo,
            createdAt: at,
            updatedAt: at,
            version: 1,
          })
          .execute();
        ids.set(title, id);
      }
      return ids;
    }

    it('plans the move without loss, naming how many files move', async () => {
      await seedBefore();
      const plan = await planMigration(store().db, dialect, 'Helpdesk', deriveTables(withPhoto));
      const move = plan.steps.find((s) => s.kind === 'move-files');
      expect(move).toMatchObject({
        table: 'tickets',
        column: 'photo',
        into: 'tickets_photo',
        destructive: false,
        description: 'move 3 files of tickets.photo into table tickets_photo',
      });
      expect(plan.steps.filter((s) => s.destructive)).toEqual([]);
    });

    it('moves every data URL and every other text into the files table, losing nothing', async () => {
      const ids = await seedBefore();
      const result = await migrate(store(), withPhoto);
      expect(result.status).toBe('applied');
      const table = resolveTables(store().db, dialect, deriveTables(withPhoto)).get('Ticket')!;
      const png = ids.get('png')!;
      expect((await getRecord(store().db, table, png))?.photo).toEqual({
        name: 'photo.png',
        type: 'image/png',
        size: 10,
        url: `/api/_files/Ticket/${png}/photo`,
      });
      expect(await bytesOf(store(), png)).toBe(PNG.toString('latin1'));
      const rows = await store().db.selectFrom('tickets').select(['id', 'photo']).execute();
      const held = new Map(rows.map((r) => [String(r.id), r.photo as string | null]));
      expect(JSON.parse(held.get(ids.get('percent')!)!)).toEqual({
        name: 'photo.txt',
        type: 'text/plain',
        size: 13,
      });
      expect(await bytesOf(store(), ids.get('percent')!)).toBe('Hello, World!');
      expect(await bytesOf(store(), ids.get('text')!)).toBe('photos/ada.jpg');
      expect(held.get(ids.get('none')!)).toBeNull();
      expect(await bytesOf(store(), ids.get('none')!)).toBeUndefined();
      // Applied once: the next start finds nothing to do.
      expect((await migrate(store(), withPhoto)).status).toBe('up-to-date');
    });
  });
}
