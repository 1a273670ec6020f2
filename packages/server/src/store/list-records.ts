import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { encodeColumn, fromDriver, InvalidValuesError } from './column-codec.js';
import { sortableColumn } from './column-types.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { orderKeys } from './default-order.js';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import { attachLists } from './list-items.js';
import { decodeRow, type WireRecord } from './record-codec.js';
import type { ReferencedValue } from './referenced-values.js';
import { runRows } from './fast-reads.js';
import { runBounded, timeCheck, type ReadBound } from './bounded-reads.js';
import type { ColumnSchema } from './schema-types.js';

/**
 * One sort key; ties are always broken by id. `field` may name a field of the record a reference
 * points to (`event.title`): the list then sorts by `referenced[field]` (see ListOptions).
 */
export interface SortKey {
  field: string;
  direction?: 'asc' | 'desc';
}

/** A condition built elsewhere (policies, list filters): an expression or a callback making one. */
export type WhereInput =
  | Expression<SqlBool>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables come from the model
  | ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>);

/**
 * The computed fields the database works out, each as its SQL for the table's rows and this
 * request (see databaseValues in operations): selected, filtered and sorted in place of the
 * column.
 */
export type ComputedValues = Readonly<Record<string, RawBuilder<unknown>>>;

/** Which records to list, in what order, from where. */
export interface ListOptions {
  computed?: ComputedValues;
  /** The values of the sort keys that name a field of a referenced record, by key. */
  referenced?: Readonly<Record<string, ReferencedValue>>;
  /** Field → wire value; null matches empty fields. */
  equals?: Record<string, unknown>;
  where?: WhereInput;
  sort?: SortKey[];
  cursor?: string;
  limit?: number;
  /** Rows to skip before the page (a declared `rows to skip` parameter). */
  offset?: number;
  /** Set when a client's filter decides what the read costs: see bounded-reads.ts. */
  bounded?: ReadBound;
}

/** One page, and the cursor of the next when there is one. */
export interface ListPage {
  records: WireRecord[];
  nextCursor?: string;
}

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;

function column(table: EntityTable, field: string): ColumnSchema {
  const found = table.columnByName.get(field);
  if (found) return found;
  throw new InvalidValuesError([
    {
      field,
      code: 'UNKNOWN_FIELD',
      message: `is not a sortable or filterable field of ${table.entity}`,
    },
  ]);
}

/** A field's value in the query: its column, or the SQL the database computes it with. */
type Value = RawBuilder<unknown>;

function valueOf(options: Pick<ListOptions, 'computed'>, name: string): Value {
  return options.computed?.[name] ?? sql.ref(name);
}

/**
 * A sort key as the query orders by it. `name` is the sort's own (`event.title`); `selected`,
 * the name a referenced value is selected as, so that the next page's cursor can carry it.
 */
type Key = { name: string; column: ColumnSchema; desc: boolean; value: Value; selected?: string };

function keysOf(table: EntityTable, options: ListOptions): Key[] {
  return orderKeys(options.sort ?? []).map((s, i) => {
    const desc = s.direction === 'desc';
    const referenced = options.referenced?.[s.field];
    if (referenced) return { name: s.field, desc, ...referenced, selected: `_sort${i}` };
    return {
      name: s.field,
      column: column(table, s.field),
      desc,
      value: valueOf(options, s.field),
    };
  });
}

// Empty values sort first ascending and last descending, on both dialects alike.
function after(table: EntityTable, keys: Key[], values: unknown[]): RawBuilder<SqlBool> {
  const side = (key: Key, value: unknown) =>
    sortableColumn(key.column, table.dialect, sql`${value}`);
  const ref = (key: Key) => sortableColumn(key.column, table.dialect, key.value);
  const equal = (key: Key, v: unknown) =>
    v === null ? sql`${key.value} IS NULL` : sql`${ref(key)} = ${side(key, v)}`;
  const beyond = (key: Key, v: unknown) => {
    const c = key.value;
    if (!key.desc) return v === null ? sql`${c} IS NOT NULL` : sql`${ref(key)} > ${side(key, v)}`;
    if (v === null) return sql`1 = 0`;
    // A required column has no empty values to come last: a plain range an index can seek to.
    return key.column.nullable
      ? sql`(${ref(key)} < ${side(key, v)} OR ${c} IS NULL)`
      : sql`${ref(key)} < ${side(key, v)}`;
  };
  const branches = keys.map((key, i) => {
    const ties = keys.slice(0, i).map((k, j) => equal(k, values[j]));
    return sql`(${sql.join([...ties, beyond(key, values[i])], sql` AND `)})`;
  });
  return sql<SqlBool>`(${sql.join(branches, sql` OR `)})`;
}

/** What a read of the table selects: each stored column, or the value computed in its place. */
export function selection(table: EntityTable, computed: ComputedValues = {}) {
  return table.columns.map((c) => computed[c.name]?.as(c.name) ?? c.name);
}

/** The records' base query with the equality filters and the condition applied. */
export function filteredQuery(
  db: Db,
  table: EntityTable,
  options: Pick<ListOptions, 'equals' | 'where' | 'bounded' | 'computed'>,
) {
  return filteredBy(db, table, options, encodedEquals(table, options.equals));
}

/** The equality filters' values as the driver takes them; null matches empty fields. */
function encodedEquals(
  table: EntityTable,
  equals: ListOptions['equals'] = {},
): [string, unknown][] {
  return Object.entries(equals).map(([field, value]) => {
    const c = column(table, field);
    return [field, value === null ? null : encodeColumn(c, value, table.dialect)];
  });
}

function filteredBy(
  db: Db,
  table: EntityTable,
  options: Pick<ListOptions, 'where' | 'bounded' | 'computed'>,
  equals: readonly [string, unknown][],
) {
  let query = db.selectFrom(table.table);
  const check = options.bounded && timeCheck(db, table.table, options.bounded);
  if (check) query = query.where(check);
  for (const [field, value] of equals) {
    const v = valueOf(options, field);
    query =
      value === null
        ? query.where(sql<SqlBool>`${v} IS NULL`)
        : query.where(sql<SqlBool>`${v} = ${value}`);
  }
  if (options.where) query = query.where(options.where as Expression<SqlBool>);
  return query;
}

/** A page's statement as text and parameters. */
interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** The values a page's query is built with, already as the driver takes them. */
interface PageValues {
  equals: [string, unknown][];
  /** The cursor's values, one per order key; undefined on the first page. */
  after: unknown[] | undefined;
  limit: number;
}

function pageQuery(
  db: Db,
  table: EntityTable,
  options: ListOptions,
  keys: Key[],
  values: PageValues,
) {
  const sortValues = keys.flatMap((k) => (k.selected ? [k.value.as(k.selected)] : []));
  let query = filteredBy(db, table, options, values.equals).select([
    ...selection(table, options.computed),
    ...sortValues,
  ]);
  if (values.after) query = query.where(after(table, keys, values.after));
  for (const key of keys) {
    const expr = sortableColumn(key.column, table.dialect, key.value);
    // NULLS FIRST/LAST only where empty values can be: PostgreSQL matches an ORDER BY to an
    // index only when their NULLS orders agree, even on a column that holds none.
    query = query.orderBy(expr, (ob) => {
      if (!key.column.nullable) return key.desc ? ob.desc() : ob.asc();
      return key.desc ? ob.desc().nullsLast() : ob.asc().nullsFirst();
    });
  }
  if (options.offset) query = query.offset(options.offset);
  return query.limit(values.limit);
}

/** A value's place in a statement compiled once: the request's own is put there. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A prepared list's statement: its text, and for each parameter where its value comes from, the
 * request's values (an index from 0) or its condition's parameters (-1 for the first, -2…).
 */
interface PreparedStatement {
  sql: string;
  sources: number[];
}

const preparedStatements = new WeakMap<EntityTable, Map<string, PreparedStatement>>();
// Shapes per table: sorts and filters by field, and the conditions section 6 and the declared
// calls write; a client's own filter is bounded, hence never prepared, so this stays small.
const MAX_SHAPES = 200;

/**
 * Whether a list's SQL depends only on its shape: no computed value, bound or offset. Its
 * condition, when it has one, is compiled to SQL per request and is part of the shape. A sort by
 * a referenced record's field is not prepared either: its subquery carries the reader's condition
 * on the other entity, whose parameters would stand among the slots where the shape cannot place
 * them; it is a sort a person picks on a screen, compiled per request like a client's filter.
 */
const isPreparable = (options: ListOptions) =>
  !options.bounded &&
  !options.offset &&
  (!options.computed || Object.keys(options.computed).length === 0) &&
  (!options.referenced || Object.keys(options.referenced).length === 0);

// A condition the policy keeps (see listConditionOf) comes back as the same object: compiled once.
const compiledConditions = new WeakMap<object, { db: Db; statement: Statement }>();

const conditionSql = (db: Db, where: WhereInput): Statement => {
  if (typeof where === 'function') return sql<SqlBool>`${where(expressionBuilder())}`.compile(db);
  const known = compiledConditions.get(where);
  if (known?.db === db) return known.statement;
  const statement = sql<SqlBool>`${where}`.compile(db);
  compiledConditions.set(where, { db, statement });
  return statement;
};

/**
 * A list's statement, compiled once per shape (the fields filtered, their empty values, the order,
 * a cursor's empty values, the condition's SQL) with stand-ins for the request's values, then
 * only bound: building and compiling Kysely's query tree was the largest part of a lean list's own
 * work. The condition is the one part compiled per request, alone, as its text is part of the
 * shape and its parameters are the request's.
 */
function preparedStatement(
  db: Db,
  table: EntityTable,
  options: ListOptions,
  keys: Key[],
  values: PageValues,
): Statement {
  const condition = options.where ? conditionSql(db, options.where) : undefined;
  const flat = [...values.equals.map(([, v]) => v), ...(values.after ?? []), values.limit];
  const shape = [
    keys.map((k) => `${k.name}:${k.desc ? 'd' : 'a'}`).join(','),
    values.equals.map(([f, v]) => `${f}${v === null ? '=null' : ''}`).join(','),
    values.after ? values.after.map((v) => (v === null ? 'n' : 'v')).join('') : '-',
    condition?.sql ?? '',
  ].join('|');
  let byShape = preparedStatements.get(table);
  if (!byShape) preparedStatements.set(table, (byShape = new Map()));
  let known = byShape.get(shape);
  if (!known) {
    known = prepare(db, table, options, keys, values, flat);
    if (byShape.size >= MAX_SHAPES) byShape.clear();
    byShape.set(shape, known);
  }
  const own = condition?.parameters ?? [];
  return { sql: known.sql, parameters: known.sources.map((s) => (s < 0 ? own[-s - 1] : flat[s])) };
}

function prepare(
  db: Db,
  table: EntityTable,
  options: ListOptions,
  keys: Key[],
  values: PageValues,
  flat: readonly unknown[],
): PreparedStatement {
  let i = 0;
  const slot = (v: unknown) => (v === null ? null : new Slot(i++));
  const slotted: PageValues = {
    equals: values.equals.map(([f, v]) => [f, slot(v)]),
    after: values.after?.map(slot),
    limit: 0,
  };
  slotted.limit = new Slot(i++) as unknown as number;
  const compiled = pageQuery(db, table, options, keys, slotted).compile();
  const nonNull = flat.map((v, index) => ({ v, index })).filter(({ v }) => v !== null);
  // Any other value is the condition's, met in the order its own compilation binds them.
  let own = 0;
  const sources = compiled.parameters.map((p) =>
    p instanceof Slot ? nonNull[p.index]!.index : -++own,
  );
  return { sql: compiled.sql, sources };
}

function pageStatement(
  db: Db,
  table: EntityTable,
  options: ListOptions,
  keys: Key[],
  values: PageValues,
): Statement {
  if (isPreparable(options)) return preparedStatement(db, table, options, keys, values);
  // Run as text and parameters only: the query's tree is not kept alive while the database
  // answers (on PostgreSQL, long enough for the young generation to promote it).
  return pageQuery(db, table, options, keys, values).compile();
}

/** Lists records: filtered, sorted (id breaks ties), one page after the cursor. */
export async function listRecords(
  db: Db,
  table: EntityTable,
  options: ListOptions = {},
): Promise<ListPage> {
  const keys = keysOf(table, options);
  const signature = keys.map((k) => `${k.name}:${k.desc ? 'desc' : 'asc'}`).join(',');
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
  const equals = encodedEquals(table, options.equals);
  let driver: unknown[] | undefined;
  if (options.cursor) {
    const { values } = decodeCursor(options.cursor, signature, keys.length);
    driver = values.map((v, i) =>
      v === null ? null : encodeColumn(keys[i]!.column, v, table.dialect),
    );
  }
  const statement = pageStatement(db, table, options, keys, {
    equals,
    after: driver,
    limit: limit + 1,
  });
  const { sql: text, parameters } = statement;
  const rows = options.bounded
    ? await runBounded(db, text, parameters, options.bounded)
    : await runRows(db, text, parameters);
  const records = rows.slice(0, limit).map((row) => decodeRow(table, row));
  await attachLists(db, table, records);
  const last = records[limit - 1];
  if (rows.length <= limit || !last) return { records };
  const lastRow = rows[limit - 1]!;
  const nextCursor = encodeCursor({
    sort: signature,
    values: keys.map((k) =>
      k.selected ? fromDriver(k.column, lastRow[k.selected]) : (last[k.column.name] ?? null),
    ),
  });
  return { records, nextCursor };
}

/** How many records match the filters (for a list's total). */
export async function countRecords(
  db: Db,
  table: EntityTable,
  options: Pick<ListOptions, 'equals' | 'where' | 'bounded' | 'computed'> = {},
): Promise<number> {
  const query = filteredQuery(db, table, options).select((eb) => eb.fn.countAll().as('n'));
  if (options.bounded) {
    const { sql: text, parameters } = query.compile();
    const [row] = await runBounded(db, text, parameters, options.bounded);
    return Number(row?.n ?? 0);
  }
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
