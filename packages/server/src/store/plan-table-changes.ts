import type { Dialect } from './column-codec.js';
import { addedColumnFate, changedColumnFate, typeName, type ColumnFate } from './column-fate.js';
import { countRows } from './count-rows.js';
import { addColumnSql } from './ddl.js';
import { deleteRowsSql } from './delete-rows.js';
import type { ColumnChange, SchemaDiff } from './diff-schemas.js';
import type { MigrationStep } from './migration-plan.js';
import { changeColumnSql } from './postgres-column-sql.js';
import type { SchemaDescription, TableSchema } from './schema-types.js';
import { ident, sqlText } from './sql-text.js';
import { rebuildTableSql } from './sqlite-rebuild.js';
import { stableJson } from './stable-json.js';
import { sql } from 'kysely';
import type { Db } from './db-type.js';

/** What the planner needs besides the diff. */
export interface PlanContext {
  db: Db;
  dialect: Dialect;
  /** The schema now in the database, for the ON DELETE actions of deleted rows. */
  applied: SchemaDescription;
}

/** "1 row holds" / "12 rows hold". */
const rows = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function describe(
  fate: ColumnFate,
  lost: number,
  doomed: number,
): Pick<MigrationStep, 'description' | 'loss'> {
  const { table, to, change } = fate;
  const where = `${table.name}.${to.name}`;
  const deleted =
    doomed > 0
      ? `; ${rows(doomed, 'row would be', 'rows would be')} left without a value and deleted`
      : '';
  if (!change) {
    const filled =
      to.default !== undefined ? ` (existing rows get ${JSON.stringify(to.default)})` : '';
    const description = `add ${to.nullable ? 'column' : 'required column'} ${where}${filled}`;
    if (doomed === 0) return { description };
    const loss = `add required field ${where} without default: ${rows(doomed, 'existing row has', 'existing rows have')} no value (accepting data loss deletes them; give the field a default to keep them)`;
    return { description, loss };
  }
  let description = `change ${where}`;
  let loss: string | undefined;
  if (change.retype) {
    description = `change type of ${where} from ${typeName(change.from)} to ${typeName(to)}`;
    if (lost + doomed > 0) loss = `${description}: ${rows(lost, 'row', 'rows')}${deleted}`;
  } else if (change.narrowTo) {
    const removed = (change.from.values ?? []).filter((v) => !change.narrowTo!.includes(v));
    description = removed.length
      ? `remove values ${removed.join(', ')} from ${where}`
      : `allow only ${change.narrowTo.join(', ')} in ${where}`;
    if (lost + doomed > 0)
      loss = `${description}: ${rows(lost, 'row uses', 'rows use')} them${deleted}`;
  } else if (change.tighten) {
    description = `make ${where} required`;
    if (doomed > 0)
      loss = `${description} without default: ${rows(doomed, 'row has', 'rows have')} no value (accepting data loss deletes them)`;
  }
  return loss ? { description, loss } : { description };
}

async function columnStep(
  ctx: PlanContext,
  fate: ColumnFate,
  rebuild: boolean,
): Promise<MigrationStep> {
  const { db, dialect } = ctx;
  const table = fate.table.name;
  const lost = fate.lost ? await countRows(db, table, fate.lost) : 0;
  const doomed = fate.doomed ? await countRows(db, table, fate.doomed) : 0;
  const deletes = doomed > 0 ? deleteRowsSql(db, dialect, ctx.applied, table, fate.doomed!) : [];
  const alter = rebuild
    ? []
    : fate.change
      ? changeColumnSql(db, fate)
      : addColumnSql(db, dialect, table, fate.to);
  const { description, loss } = describe(fate, lost, doomed);
  const step: MigrationStep = {
    kind: fate.change ? 'change-column' : 'add-column',
    table,
    column: fate.to.name,
    destructive: loss !== undefined,
    description,
    sql: [...deletes, ...alter],
  };
  if (loss) Object.assign(step, { loss, rows: Math.max(lost, doomed) });
  return step;
}

/** A change the database's column does not see: text that holds files' descriptions now. */
const onlyMovesFiles = (c: ColumnChange) =>
  c.toFiles === true && stableJson({ ...c.from, type: c.to.type }) === stableJson(c.to);

/** SQLite can add a column in place only when it is nullable or has a default. */
const sqliteCanAdd = (fate: ColumnFate) => !fate.change && !fate.doomed;

/** The steps for one existing table: added, changed and dropped columns; on SQLite a rebuild. */
export async function planTableChanges(ctx: PlanContext, table: TableSchema, diff: SchemaDiff) {
  const fates = new Map<string, ColumnFate>();
  for (const a of diff.addColumns)
    if (a.table.name === table.name) fates.set(a.column.name, addedColumnFate(table, a.column));
  for (const c of diff.changeColumns)
    if (c.table.name === table.name && !onlyMovesFiles(c))
      fates.set(c.to.name, changedColumnFate(c));
  const drops = diff.dropColumns.filter((d) => d.table.name === table.name);
  const rebuild =
    ctx.dialect === 'sqlite' &&
    (drops.length > 0 || [...fates.values()].some((f) => !sqliteCanAdd(f)));
  const steps: MigrationStep[] = [];
  for (const fate of fates.values()) steps.push(await columnStep(ctx, fate, rebuild));
  for (const { column } of drops) {
    const count = await countRows(ctx.db, table.name, sql`${ident(column.name)} IS NOT NULL`);
    const where = `${table.name}.${column.name}`;
    const drop = sql`ALTER TABLE ${ident(table.name)} DROP COLUMN ${ident(column.name)}`;
    const step: MigrationStep = {
      kind: 'drop-column',
      table: table.name,
      column: column.name,
      destructive: count > 0,
      description: `drop column ${where}`,
      sql: rebuild ? [] : [sqlText(ctx.db, drop)],
    };
    const loss = `drop column ${where}: ${rows(count, 'row holds', 'rows hold')} a value`;
    if (count > 0) Object.assign(step, { loss, rows: count });
    steps.push(step);
  }
  if (rebuild) {
    const description = `rebuild table ${table.name} (SQLite cannot change or drop columns in place)`;
    steps.push({
      kind: 'rebuild-table',
      table: table.name,
      destructive: false,
      description,
      sql: rebuildTableSql(ctx.db, table, fates),
    });
  }
  return { steps, rebuild };
}
