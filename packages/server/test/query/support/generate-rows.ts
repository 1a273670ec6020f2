import fc from 'fast-check';
import type { AppModel } from '@specrun/model';
import { fromMinorUnits } from '@specrun/model';
import { deriveTables } from '../../../src/store/derive-tables.js';
import type { ColumnSchema, TableSchema } from '../../../src/store/schema-types.js';

/** Rows of every table in wire form, by table name, plus who is signed in. */
export interface Dataset {
  rows: Record<string, Record<string, unknown>[]>;
  /** The signed-in user's id, or null for an anonymous request. */
  userId: string | null;
}

/** The moment every generated date and time is placed around. */
export const NOW = new Date('2024-05-10T12:00:00.000Z');
const DAY = 86_400_000;

const TEXTS = [
  'Taxi',
  'a%',
  'A%b',
  'ab_c',
  'x',
  'boss',
  'admin',
  '',
  'b',
  'tag-1',
  'éclair',
  'x_c',
  // White space of several kinds around a word, and letters outside ASCII, for trim() and the
  // ASCII-only case changes.
  ' TAXI\t',
  '\u00a0Éclair\u3000',
];

function scalar(column: ColumnSchema): fc.Arbitrary<unknown> {
  if (column.values) return fc.constantFrom(...column.values);
  switch (column.type) {
    case 'integer':
      return fc.integer({ min: -3, max: 6 });
    case 'decimal':
      return fc.constantFrom('0', '1.5', '-2.25', '3', '0.75');
    case 'money':
      return fc.oneof(
        fc.constantFrom('10.00', '12.50', '0.50', '25.00'),
        fc.integer({ min: -200, max: 2500 }).map((u) => fromMinorUnits(BigInt(u), 2)),
      );
    case 'boolean':
      return fc.boolean();
    case 'file':
      // A file's description; conditions only ever compare a file with null.
      return fc.constant(JSON.stringify({ name: 'a.txt', type: 'text/plain', size: 1 }));
    case 'date':
      return fc
        .integer({ min: -8, max: 4 })
        .map((d) => new Date(NOW.getTime() + d * DAY).toISOString().slice(0, 10));
    case 'datetime':
      return fc.oneof(
        fc.constantFrom('2024-05-09T00:00:00.000Z', '2024-05-10T00:00:00.000Z'),
        fc
          .integer({ min: -10 * DAY, max: 2 * DAY })
          .map((ms) =>
            new Date(
              NOW.getTime() + Math.round(ms / 3_600_000) * 3_600_000 + (ms % 1000),
            ).toISOString(),
          ),
      );
    default:
      return fc.constantFrom(...TEXTS);
  }
}

const idsOf = (table: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${table}-${i + 1}`);

function value(column: ColumnSchema, tableSizes: Map<string, number>): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  if (column.references) {
    const ids = idsOf(column.references.table, tableSizes.get(column.references.table) ?? 0);
    if (ids.length === 0) return fc.constant(null);
    arb = fc.constantFrom(...ids);
  } else arb = scalar(column);
  return column.nullable ? fc.option(arb, { nil: null, freq: 3 }) : arb;
}

function tableRows(
  table: TableSchema,
  sizes: Map<string, number>,
): fc.Arbitrary<Record<string, unknown>[]> {
  const n = sizes.get(table.name) ?? 0;
  if (table.role.kind === 'entity') {
    const row = fc.record(
      Object.fromEntries(
        table.columns.filter((c) => c.name !== 'id').map((c) => [c.name, value(c, sizes)]),
      ),
    );
    const ids = idsOf(table.name, n);
    return fc
      .tuple(...ids.map(() => row))
      .map((rows) => rows.map((r, i) => ({ id: ids[i], ...r })));
  }
  // List and roles tables: a set of (owner, item) pairs.
  const [ownerColumn, itemColumn] = table.primaryKey as [string, string];
  const owners = table.columns.find((c) => c.name === ownerColumn)!.references!.table;
  const itemRef = table.columns.find((c) => c.name === itemColumn)!.references;
  const items = itemRef
    ? idsOf(itemRef.table, sizes.get(itemRef.table) ?? 0)
    : ['admin', 'viewer', 'boss'];
  const pairs = idsOf(owners, sizes.get(owners) ?? 0).flatMap((o) =>
    items.map((i) => [o, i] as const),
  );
  return fc.subarray(pairs).map((chosen) =>
    chosen.map(([o, i], k) => {
      const row: Record<string, unknown> = { [ownerColumn]: o, [itemColumn]: i };
      if (table.columns.some((c) => c.name === 'position')) row.position = k;
      return row;
    }),
  );
}

/** Random contents for every table of a model: a few rows each, nulls, money, dates, references. */
export function datasetOf(model: AppModel, rowsPerTable = 5): fc.Arbitrary<Dataset> {
  // Files' bytes are nothing a condition reads.
  const tables = deriveTables(model).tables.filter(
    (t) => t.role.kind !== 'history' && t.role.kind !== 'file',
  );
  const sizes = new Map(tables.map((t) => [t.name, t.role.kind === 'entity' ? rowsPerTable : 0]));
  const entries = tables.map((t) => tableRows(t, sizes).map((rows) => [t.name, rows] as const));
  const users = idsOf('users', rowsPerTable);
  return fc.record({
    rows: fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs)),
    userId: fc.option(fc.constantFrom(...users), { nil: null, freq: 6 }),
  });
}
