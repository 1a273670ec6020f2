import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import { readNow, runRead } from '../store/fast-reads.js';

/**
 * Whether other records still refer to records of one entity, so that deleting them would be
 * refused IN_USE (see deleteRecord): an EXISTS per reference that restricts deletes (a `→` or
 * `list of` field of another entity, or of its own), each looked up by the index every foreign
 * key has. Written once per entity; a request only binds ids.
 */
export interface InUse {
  /** The condition, for a ConditionBatch, that some record still refers to the record `id`. */
  of(id: string): RawBuilder<SqlBool>;
  /** Those of `ids` some record refers to: one statement per hundred ids. */
  among(db: Db, ids: readonly string[]): Promise<Set<string>>;
  /** The same at once, or undefined when the store cannot read at once (see readNow). */
  amongNow(db: Db, ids: readonly string[]): Set<string> | undefined;
}

// The most ids one statement asks about; a page asks in statements of 1, 2, 4... 128 ids, the
// last id repeated to fill one, so that few shapes are ever compiled.
const MOST = 128;
const shapeFor = (count: number) => Math.min(MOST, 2 ** Math.ceil(Math.log2(Math.max(count, 1))));

/** Ids in statements of the shapes above, each filled up with its last id. */
function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += MOST) {
    const chunk = ids.slice(i, i + MOST);
    const size = shapeFor(chunk.length);
    while (chunk.length < size) chunk.push(chunk[chunk.length - 1]!);
    out.push(chunk);
  }
  return out;
}

const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((r) => String(r.id));

/** The entity's InUse, or undefined when nothing may keep its records from being deleted. */
export function prepareInUse(db: Db, table: EntityTable): InUse | undefined {
  const references = table.referencedBy;
  if (references.length === 0) return undefined;
  // Per record: the referring rows' column compared with a parameter, written once as text.
  const heads = references.map((r) =>
    sql.raw(
      sql`EXISTS (SELECT 1 FROM ${sql.table(r.table)} WHERE ${sql.ref(r.column)} = `.compile(db)
        .sql,
    ),
  );
  // Per page: the rows among the ids that some row refers to. Aliased, as a record may refer to
  // others of its own entity (a comment answering a comment).
  const referred = sql.join(
    references.map(
      (r) =>
        sql`EXISTS (SELECT 1 FROM ${sql.table(r.table)} AS "referring" WHERE "referring".${sql.id(r.column)} = "held"."id")`,
    ),
    sql` OR `,
  );
  const statements = new Map<number, CompiledQuery>();
  const statementFor = (size: number): CompiledQuery => {
    let found = statements.get(size);
    if (!found) {
      const params = sql.join(Array.from({ length: size }, () => ''));
      found =
        sql`SELECT "held"."id" AS "id" FROM ${sql.table(table.table)} AS "held" WHERE "held"."id" IN (${params}) AND (${referred})`.compile(
          db,
        );
      statements.set(size, found);
    }
    return found;
  };
  return {
    of: (id) =>
      sql<SqlBool>`(${sql.join(
        heads.map((head) => sql`${head}${id})`),
        sql` OR `,
      )})`,
    async among(on, ids) {
      const found = new Set<string>();
      for (const chunk of chunks(ids))
        for (const id of idsOf(await runRead(on, statementFor(chunk.length), chunk))) found.add(id);
      return found;
    },
    amongNow(on, ids) {
      const found = new Set<string>();
      for (const chunk of chunks(ids)) {
        const rows = readNow(on, statementFor(chunk.length), chunk);
        if (!rows) return undefined;
        for (const id of idsOf(rows)) found.add(id);
      }
      return found;
    },
  };
}
