import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../store/db-type.js';
import { encodeColumn } from '../store/column-codec.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';

/** One question of a write to its database: a field's references all exist, or its value is free. */
interface Question {
  field: string;
  /** 1 when the field's value is fine. */
  column: RawBuilder<unknown>;
}

/** Every record the ids name exists (a list's ids are counted with their repeats). */
function allExist(table: EntityTable, ids: readonly string[]): RawBuilder<unknown> {
  const named = sql.join(ids.map((id) => sql`${id}`));
  const found = sql`(SELECT count(*) FROM ${sql.table(table.table)} WHERE ${sql.ref('id')} IN (${named}))`;
  return sql`CASE WHEN ${found} = ${ids.length} THEN 1 ELSE 0 END`;
}

/** No other record of the table has this value in the field. */
function free(
  table: EntityTable,
  field: string,
  value: unknown,
  self?: string,
): RawBuilder<unknown> {
  const column = table.columnByName.get(field)!;
  const encoded = encodeColumn(column, value, table.dialect);
  const others = self === undefined ? sql`` : sql` AND ${sql.ref('id')} <> ${self}`;
  const taken = sql`SELECT 1 FROM ${sql.table(table.table)} WHERE ${sql.ref(field)} = ${encoded}${others}`;
  return sql`CASE WHEN EXISTS (${taken}) THEN 0 ELSE 1 END`;
}

function questions(
  prepared: PreparedEntity,
  tables: ReadonlyMap<string, EntityTable>,
  values: WireRecord,
  self?: string,
): Question[] {
  const out: Question[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === null) continue;
    const { field } = prepared.fields.get(name)!;
    const type = field.type;
    if (type.kind === 'reference' || type.kind === 'list') {
      const ids = type.kind === 'list' ? (value as string[]) : [value as string];
      if (ids.length > 0)
        out.push({ field: name, column: allExist(tables.get(type.entity)!, ids) });
    }
    if (field.rules.some((r) => r.kind === 'unique') && prepared.table.columnByName.has(name))
      out.push({ field: name, column: free(prepared.table, name, value, self) });
  }
  return out;
}

/**
 * The fields whose values the database refuses: references to records that do not exist, and
 * `unique` values another record already has. Asked in one statement in the write's transaction.
 */
export async function checkInDatabase(
  db: Db,
  prepared: PreparedEntity,
  tables: ReadonlyMap<string, EntityTable>,
  values: WireRecord,
  self?: string,
): Promise<Set<string>> {
  const asked = questions(prepared, tables, values, self);
  const problems = new Set<string>();
  if (asked.length === 0) return problems;
  const columns = asked.map((q, i) => sql`${q.column} AS ${sql.id(`q${i}`)}`);
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}`.execute(db);
  asked.forEach((q, i) => {
    if (Number(rows[0]?.[`q${i}`]) !== 1) problems.add(q.field);
  });
  return problems;
}
