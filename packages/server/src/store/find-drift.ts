import type { SchemaDescription } from './schema-types.js';
import type { Db } from './db-type.js';

/** Tables specrun does not manage: its own (`_specrun_…`) and SQLite's. */
const UNMANAGED = /^(_specrun_|sqlite_)/;

/**
 * Where the database's tables and columns disagree with the schema specrun last applied:
 * someone changed the database by hand. Reported, never guessed at.
 */
export async function findDrift(db: Db, applied: SchemaDescription | undefined): Promise<string[]> {
  const actual = (await db.introspection.getTables()).filter(
    (t) =>
      !UNMANAGED.test(t.name) && !t.isView && (t.schema === undefined || t.schema === 'public'),
  );
  const expected = new Map((applied?.tables ?? []).map((t) => [t.name, t]));
  const drift: string[] = [];
  for (const table of actual) {
    const want = expected.get(table.name);
    if (!want) {
      drift.push(`table ${table.name} is in the database but specrun did not create it`);
      continue;
    }
    expected.delete(table.name);
    const columns = new Map(want.columns.map((c) => [c.name, c]));
    for (const column of table.columns) {
      const wanted = columns.get(column.name);
      columns.delete(column.name);
      if (!wanted)
        drift.push(
          `column ${table.name}.${column.name} is in the database but specrun did not create it`,
        );
      else if (wanted.nullable !== column.isNullable) {
        const now = column.isNullable ? 'allows' : 'refuses';
        drift.push(
          `column ${table.name}.${column.name} now ${now} empty values, unlike what specrun created`,
        );
      }
    }
    for (const name of columns.keys())
      drift.push(`column ${table.name}.${name} is missing from the database`);
  }
  for (const name of expected.keys()) drift.push(`table ${name} is missing from the database`);
  return drift;
}
