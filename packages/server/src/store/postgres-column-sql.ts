import { sql } from 'kysely';
import type { ColumnFate } from './column-fate.js';
import { defaultLiteral } from './column-types.js';
import { addColumnSql, checkSql, createIndexSql, ddlText, foreignKeySql } from './ddl.js';
import { objectName } from './naming.js';
import { ident, sqlText } from './sql-text.js';
import { stableJson } from './stable-json.js';
import type { Db } from './db-type.js';

/** PostgreSQL statements that change one column in place (after any doomed rows are deleted). */
export function changeColumnSql(db: Db, fate: ColumnFate): string[] {
  const { table, to, change } = fate;
  if (!change) return [];
  const t = table.name;
  const alter = () => db.schema.alterTable(t);
  if (change.retype) {
    // New values cannot come from the old ones: the column starts again, filled by its default.
    const indexes = table.indexes.filter((i) => i.columns.includes(to.name));
    return [
      ddlText(alter().dropColumn(to.name)),
      ...addColumnSql(db, 'postgres', t, to),
      ...indexes.map((i) => createIndexSql(db, t, i)),
    ];
  }
  const out: string[] = [];
  const from = change.from;
  const fill = to.default === undefined ? sql`NULL` : defaultLiteral(to, to.default, 'postgres');
  if (stableJson(from.values) !== stableJson(to.values)) {
    out.push(
      ddlText(
        alter()
          .dropConstraint(objectName(t, to.name, 'check'))
          .ifExists(),
      ),
    );
    if (fate.lost)
      out.push(
        sqlText(db, sql`UPDATE ${ident(t)} SET ${ident(to.name)} = ${fill} WHERE ${fate.lost}`),
      );
    out.push(...checkSql(db, t, to));
  }
  if (fate.filled)
    out.push(
      sqlText(
        db,
        sql`UPDATE ${ident(t)} SET ${ident(to.name)} = ${fill} WHERE ${ident(to.name)} IS NULL`,
      ),
    );
  if (from.nullable !== to.nullable) {
    out.push(
      ddlText(
        alter().alterColumn(to.name, (c) => (to.nullable ? c.dropNotNull() : c.setNotNull())),
      ),
    );
  }
  if (stableJson(from.default) !== stableJson(to.default)) {
    const d = to.default;
    out.push(
      ddlText(
        alter().alterColumn(to.name, (c) =>
          d === undefined ? c.dropDefault() : c.setDefault(defaultLiteral(to, d, 'postgres')),
        ),
      ),
    );
  }
  if (from.references?.onDelete !== to.references?.onDelete && to.references) {
    out.push(
      ddlText(
        alter()
          .dropConstraint(objectName(t, to.name, 'fkey'))
          .ifExists(),
      ),
    );
    out.push(foreignKeySql(db, t, to));
  }
  return out;
}
