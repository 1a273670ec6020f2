import { sql, type RawBuilder } from 'kysely';
import { ident } from './sql-text.js';
import type { Db } from './db-type.js';

/** How many rows of a table match a condition (all rows without one). */
export async function countRows(
  db: Db,
  table: string,
  where?: RawBuilder<unknown>,
): Promise<number> {
  const condition = where ?? sql`1 = 1`;
  const { rows } = await sql<{
    n: unknown;
  }>`SELECT COUNT(*) AS "n" FROM ${ident(table)} WHERE ${condition}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
