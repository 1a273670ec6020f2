import type { AppModel } from '@specrun/model';
import { afterEach, beforeEach } from 'vitest';
import {
  deriveTables,
  insertRecord,
  listRecords,
  openStore,
  resolveTables,
  type Store,
} from '../../src/index.js';
import type { Databases } from '../support/dialects.js';
import { entity, field, model, type } from '../support/model-builder.js';

type Field = ReturnType<typeof field>;

/** A Ticket with a text code, a priority enum and an internal note. */
export const ticket = (...extra: Field[]) =>
  entity('Ticket', [
    field('title', type.text, { required: true }),
    field('code', type.text),
    field('priority', type.oneOf('low', 'normal', 'high'), { required: true, default: 'normal' }),
    field('internalNote', type.text),
    ...extra,
  ]);

/** The first version of the model. */
export const v1 = model([ticket()], { name: 'Helpdesk' });

/** v1 with a change to the Ticket's fields, and other entities. */
export const withTicket = (
  fields: (f: Field[]) => Field[],
  ...others: ReturnType<typeof entity>[]
) => {
  const t = ticket();
  return model([{ ...t, fields: fields(t.fields) }, ...others], { name: 'Helpdesk' });
};

/** v1 without one of the Ticket's fields. */
export const without = (name: string) => withTicket((fs) => fs.filter((f) => f.name !== name));

/** Thirty tickets: 3 with a code, 2 of high priority, 12 with an internal note. */
export const thirty = Array.from({ length: 30 }, (_, i) => ({
  title: `t${String(i).padStart(2, '0')}`,
  code: i < 3 ? `C${i}` : null,
  priority: i % 15 === 0 ? 'high' : 'low',
  internalNote: i < 12 ? 'secret' : null,
}));

/** A fresh store per test, and helpers that look into it. */
export function useMigrationStore(databases: Databases) {
  let current: Store | undefined;
  beforeEach(async () => {
    current = openStore(await databases.fresh());
  });
  afterEach(() => current?.close());
  const store = () => current!;
  const tables = async () => store().db.introspection.getTables();
  return {
    store,
    tableNames: async () =>
      (await tables())
        .map((t) => t.name)
        .filter((n) => !n.startsWith('_'))
        .sort(),
    columnsOf: async (table: string) =>
      (await tables()).find((t) => t.name === table)?.columns.map((c) => c.name),
    records: async (m: AppModel, entityName = 'Ticket') => {
      const table = resolveTables(store().db, store().dialect, deriveTables(m)).get(entityName)!;
      const page = await listRecords(store().db, table, {
        sort: [{ field: 'title' }],
        limit: 1000,
      });
      return page.records;
    },
    seed: async (m: AppModel, rows: Record<string, unknown>[], entityName = 'Ticket') => {
      const table = resolveTables(store().db, store().dialect, deriveTables(m)).get(entityName)!;
      for (const row of rows) await insertRecord(store().db, table, row);
    },
  };
}
