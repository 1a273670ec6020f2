import { entityWords, takenReason, words, type FieldType } from '@specrun/model';
import { sql, type RawBuilder } from 'kysely';
import type { ListCondition } from '../permissions/policy.js';
import type { Db } from '../store/db-type.js';
import { encodeColumn } from '../store/column-codec.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';
import { combinationQuestions } from './unique-combinations.js';

/** One question of a write to its database: a field's references all exist, or its value is free. */
interface Question {
  field: string;
  /** 1 when the field's value is fine. */
  column: RawBuilder<unknown>;
  /**
   * What is wrong when it is not, in words that follow the field's label: worked out only then,
   * as putting names into words costs more than the question itself on most writes.
   */
  reason: () => string;
}

/**
 * The caller whose references must name records they may read: their read condition on each
 * entity, and the fields whose values they chose (a default or a value worked out from the
 * record is the specification's choice, not theirs).
 */
export interface ReferenceReader {
  condition(entity: string): ListCondition;
  fields: ReadonlySet<string>;
  /** The caller's own user id, or null for nobody. */
  callerId: string | null;
}

/**
 * Whether a reference names the caller's own account by the specification's choice (a default
 * such as `customer = user.id`): that user was found by this request's session, so asking the
 * database again is a statement (a round trip on PostgreSQL) for nothing; should the account be
 * deleted meanwhile, the column's foreign key still refuses the write.
 */
const callersOwn = (type: FieldType, name: string, value: unknown, reader?: ReferenceReader) =>
  type.kind === 'reference' &&
  type.entity === 'User' &&
  reader !== undefined &&
  value === reader.callerId &&
  !reader.fields.has(name);

/**
 * Every record the ids name exists (a list's ids are counted with their repeats) and, under a
 * read condition, is one the caller may read: a record they may not read counts as missing, so
 * the answer is the same as for one that does not exist.
 */
function allExist(
  db: Db,
  table: EntityTable,
  ids: readonly string[],
  readable?: ListCondition,
): RawBuilder<unknown> {
  if (readable?.kind === 'deny') return sql`0`;
  // The condition names the table by its own name, as a list's query does: no alias here.
  let found = db
    .selectFrom(table.table)
    .select(sql`count(*)`.as('n'))
    .where('id', 'in', ids);
  if (readable?.kind === 'where') found = found.where(readable.where);
  return sql`CASE WHEN (${found}) = ${ids.length} THEN 1 ELSE 0 END`;
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

/** The same words whether the record does not exist or the caller may not read it. */
const missingReason = (kind: 'reference' | 'list', entity: string) =>
  kind === 'list'
    ? `must name only existing ${entityWords(entity)} records`
    : `must name an existing ${entityWords(entity)}`;

function questions(
  db: Db,
  prepared: PreparedEntity,
  tables: ReadonlyMap<string, EntityTable>,
  values: WireRecord,
  self?: string,
  reader?: ReferenceReader,
): Question[] {
  const out: Question[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === null) continue;
    const { field } = prepared.fields.get(name)!;
    const type = field.type;
    if (
      (type.kind === 'reference' || type.kind === 'list') &&
      !callersOwn(type, name, value, reader)
    ) {
      const ids = type.kind === 'list' ? (value as string[]) : [value as string];
      const readable = reader?.fields.has(name) ? reader.condition(type.entity) : undefined;
      if (ids.length > 0)
        out.push({
          field: name,
          column: allExist(db, tables.get(type.entity)!, ids, readable),
          reason: () => missingReason(type.kind, type.entity),
        });
    }
    const alone = field.rules.some((r) => r.kind === 'unique' && !r.with);
    if (alone && prepared.table.columnByName.has(name))
      out.push({
        field: name,
        column: free(prepared.table, name, value, self),
        reason: () => takenReason(entityWords(prepared.entity.name)),
      });
  }
  return out;
}

/**
 * The fields whose values the database refuses, each with why: references to records that do not
 * exist (or, in the fields the `reader` chose, that they may not read), and `unique` values (or
 * `unique with` combinations, read on `whole`, the stored record an update changes) another record
 * already has, besides the record `self` being updated. Asked in one statement in the write's
 * transaction.
 */
export async function checkInDatabase(
  db: Db,
  prepared: PreparedEntity,
  tables: ReadonlyMap<string, EntityTable>,
  values: WireRecord,
  {
    self,
    reader,
    whole = {},
  }: { self?: string; reader?: ReferenceReader; whole?: WireRecord } = {},
): Promise<Map<string, string>> {
  // A clash of `unique with` says what it is unique within: "another talk with the same speaker".
  const clash = (others: readonly string[]) => () =>
    takenReason(
      `${entityWords(prepared.entity.name)} with the same ${others.map(words).join(' and ')}`,
    );
  const asked: Question[] = [
    ...questions(db, prepared, tables, values, self, reader),
    ...combinationQuestions(prepared, values, whole, self).map((q) => ({
      field: q.field,
      column: q.column,
      reason: clash(q.with),
    })),
  ];
  const problems = new Map<string, string>();
  if (asked.length === 0) return problems;
  const columns = asked.map((q, i) => sql`${q.column} AS ${sql.id(`q${i}`)}`);
  const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}`.execute(db);
  asked.forEach((q, i) => {
    if (Number(rows[0]?.[`q${i}`]) !== 1 && !problems.has(q.field))
      problems.set(q.field, q.reason());
  });
  return problems;
}
