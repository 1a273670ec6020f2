import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './column-codec.js';
import type { SchemaDescription } from './schema-types.js';
import { everyRow, ident, sqlText } from './sql-text.js';
import type { Db } from './db-type.js';

/**
 * DELETE of the rows matching a condition. SQLite migrates with foreign keys off (so tables can
 * be rebuilt), so the ON DELETE actions are done here by hand; a RESTRICT left dangling is
 * caught by the foreign key check before commit.
 */
export function deleteRowsSql(
  db: Db,
  dialect: Dialect,
  schema: SchemaDescription,
  table: string,
  where: RawBuilder<unknown>,
): string[] {
  const filter = where === everyRow ? sql`` : sql` WHERE ${where}`;
  const doomed = sql`SELECT "id" FROM ${ident(table)}${filter}`;
  const statements: RawBuilder<unknown>[] = [];
  if (dialect === 'sqlite') {
    for (const child of schema.tables) {
      for (const column of child.columns) {
        if (column.references?.table !== table || child.name === table) continue;
        const c = ident(column.name);
        if (column.references.onDelete === 'cascade') {
          statements.push(sql`DELETE FROM ${ident(child.name)} WHERE ${c} IN (${doomed})`);
        } else if (column.references.onDelete === 'set null') {
          statements.push(
            sql`UPDATE ${ident(child.name)} SET ${c} = NULL WHERE ${c} IN (${doomed})`,
          );
        }
      }
    }
  }
  statements.push(sql`DELETE FROM ${ident(table)}${filter}`);
  return statements.map((s) => sqlText(db, s));
}
