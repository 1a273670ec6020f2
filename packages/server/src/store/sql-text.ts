import { sql, type RawBuilder } from 'kysely';
import type { Db } from './db-type.js';

/**
 * The text of a statement for a migration step: steps are shown to the owner before they run,
 * so their few literals (enum values, defaults) are inlined with sql.lit, never parameters.
 */
export function sqlText(db: Db, statement: RawBuilder<unknown>): string {
  const compiled = statement.compile(db);
  if (compiled.parameters.length > 0)
    throw new Error(`migration SQL with parameters: ${compiled.sql}`);
  return compiled.sql;
}

/** A quoted table or column name. */
export const ident = (name: string) => sql.ref(name) as RawBuilder<unknown>;

/** The condition for "every row". */
export const everyRow = sql<unknown>`TRUE`;
