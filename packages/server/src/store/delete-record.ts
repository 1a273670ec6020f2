import { classifyDbError, ConstraintError } from './db-errors.js';
import type { Db } from './db-type.js';
import type { EntityTable } from './entity-tables.js';
import { inTransaction } from './records.js';

/** Why a record was not deleted. */
export type DeleteResult =
  | { ok: true }
  | { ok: false; code: 'NOT_FOUND' }
  | { ok: false; code: 'CONFLICT' }
  | {
      ok: false;
      code: 'REFERENCED';
      references: { entity: string; field: string; count: number }[];
    };

async function referencesTo(db: Db, table: EntityTable, id: string) {
  const found: { entity: string; field: string; count: number }[] = [];
  for (const ref of table.referencedBy) {
    const { n } = await db
      .selectFrom(ref.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(ref.column, '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) found.push({ entity: ref.entity, field: ref.field, count: Number(n) });
  }
  return found;
}

/** Deletes a record unless other records still refer to it (then says which, and how many). */
export async function deleteRecord(
  db: Db,
  table: EntityTable,
  id: string,
  version?: number,
): Promise<DeleteResult> {
  return inTransaction(db, async (trx) => {
    const references = await referencesTo(trx, table, id);
    if (references.length > 0) return { ok: false, code: 'REFERENCED', references };
    let query = trx.deleteFrom(table.table).where('id', '=', id);
    if (version !== undefined) query = query.where('version', '=', version);
    try {
      const { numDeletedRows } = await query.executeTakeFirst();
      if (numDeletedRows > 0n) return { ok: true };
    } catch (error) {
      const classified = classifyDbError(error);
      // A reference added since the check (PostgreSQL has aborted the transaction: no recount).
      if (classified instanceof ConstraintError && classified.kind === 'foreign-key') {
        return { ok: false, code: 'REFERENCED', references: [] };
      }
      throw classified;
    }
    const exists = await trx
      .selectFrom(table.table)
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return exists ? { ok: false, code: 'CONFLICT' } : { ok: false, code: 'NOT_FOUND' };
  });
}
