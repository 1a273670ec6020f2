import type { SqlParams } from '@specrun/expr';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../store/db-type.js';

/** A compiled guard and the values of one record to check it on. */
export interface SqlGuardCheck {
  sql: (params: SqlParams) => RawBuilder<SqlBool>;
  params: SqlParams;
}

// Columns per SELECT: far below SQLite's 2000 and both dialects' limits on parameters.
const CHUNK = 100;

/**
 * Checks many guards on many records in one SELECT per hundred, with no FROM: each guard is a
 * column that is 1 when it holds. A guard that errs (NULL) does not hold, as the language says.
 */
export async function sqlGuardsHold(db: Db, checks: readonly SqlGuardCheck[]): Promise<boolean[]> {
  const held: boolean[] = [];
  for (let i = 0; i < checks.length; i += CHUNK) {
    const chunk = checks.slice(i, i + CHUNK);
    const columns = chunk.map(
      (c, k) => sql`CASE WHEN ${c.sql(c.params)} THEN 1 ELSE 0 END AS ${sql.id(`g${k}`)}`,
    );
    const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.join(columns)}`.execute(db);
    const row = rows[0] ?? {};
    chunk.forEach((_, k) => held.push(Number(row[`g${k}`]) === 1));
  }
  return held;
}
