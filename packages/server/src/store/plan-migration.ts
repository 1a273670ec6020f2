import type { Dialect } from './column-codec.js';
import { countRows } from './count-rows.js';
import { createIndexSql, createTableSql, ddlText, foreignKeySql, indexColumns } from './ddl.js';
import { diffSchemas, type SchemaDiff } from './diff-schemas.js';
import { findDrift } from './find-drift.js';
import type { MigrationPlan, MigrationStep } from './migration-plan.js';
import { moveFilesStep } from './move-files.js';
import { planTableChanges } from './plan-table-changes.js';
import { readSnapshot } from './schema-snapshot.js';
import { createSearchSql, dropSearchSql } from './search-ddl.js';
import { SCHEMA_FORMAT, type SchemaDescription, type TableSchema } from './schema-types.js';
import type { Db } from './db-type.js';

const EMPTY: SchemaDescription = { format: SCHEMA_FORMAT, tables: [] };

function createSteps(db: Db, dialect: Dialect, table: TableSchema) {
  const create: MigrationStep = {
    kind: 'create-table',
    table: table.name,
    destructive: false,
    description: `create table ${table.name}`,
    sql: [createTableSql(db, dialect, table)],
  };
  const foreignKeys: MigrationStep[] =
    dialect === 'postgres'
      ? table.columns
          .filter((c) => c.references)
          .map((c) => ({
            kind: 'add-foreign-key',
            table: table.name,
            column: c.name,
            destructive: false,
            description: `link ${table.name}.${c.name} to ${c.references!.table}`,
            sql: [foreignKeySql(db, table.name, c)],
          }))
      : [];
  return { create, foreignKeys };
}

function indexStep(db: Db, table: string, index: TableSchema['indexes'][number]): MigrationStep {
  const unique = index.unique ? 'unique ' : '';
  return {
    kind: 'create-index',
    table,
    destructive: false,
    description: `create ${unique}index ${index.name} on ${table} (${indexColumns(index).join(', ')})`,
    sql: [createIndexSql(db, table, index)],
  };
}

function createSearchStep(
  db: Db,
  dialect: Dialect,
  table: string,
  columns: string[],
): MigrationStep {
  return {
    kind: 'create-search',
    table,
    destructive: false,
    description: `create full-text search on ${table} (${columns.join(', ')})`,
    sql: createSearchSql(db, dialect, table, columns),
  };
}

function dropSearchStep(db: Db, dialect: Dialect, table: string, columns: string[]): MigrationStep {
  return {
    kind: 'drop-search',
    table,
    destructive: false,
    description: `drop full-text search on ${table}`,
    sql: dropSearchSql(db, dialect, table, columns),
  };
}

/**
 * The search steps of the existing tables: where the searched columns change, and on SQLite
 * where the table is rebuilt (its triggers go with the old table, and its rows get new rowids),
 * the search is dropped before the columns change and made anew, filled, after.
 */
function searchSteps(
  db: Db,
  dialect: Dialect,
  applied: SchemaDescription,
  schema: SchemaDescription,
  diff: SchemaDiff,
  rebuilt: ReadonlySet<string>,
) {
  const drops: MigrationStep[] = [];
  const creates: MigrationStep[] = [];
  const changed = new Map(diff.changeSearches.map((c) => [c.table.name, c]));
  const before = new Map(applied.tables.map((t) => [t.name, t.search]));
  for (const table of schema.tables) {
    if (diff.createTables.includes(table)) continue;
    const change = changed.get(table.name);
    if (!change && !rebuilt.has(table.name)) continue;
    const from = change ? change.from : before.get(table.name);
    const to = change ? change.to : table.search;
    if (from) drops.push(dropSearchStep(db, dialect, table.name, from));
    if (to) creates.push(createSearchStep(db, dialect, table.name, to));
  }
  // A dropped table's triggers go with it; SQLite's FTS5 table would stay behind.
  for (const table of diff.dropTables)
    if (table.search) drops.push(dropSearchStep(db, dialect, table.name, table.search));
  return { drops, creates };
}

/**
 * Compares the model's schema with the one last applied and plans the steps between them,
 * counting in the database the rows each destructive step would lose. Reads only.
 */
export async function planMigration(
  db: Db,
  dialect: Dialect,
  modelName: string,
  schema: SchemaDescription,
): Promise<MigrationPlan> {
  const applied = await readSnapshot(db);
  const drift = await findDrift(db, applied);
  if (drift.length > 0) return { dialect, modelName, schema, steps: [], drift };
  const diff = diffSchemas(applied, schema);
  const ctx = { db, dialect, applied: applied ?? EMPTY };
  const creates: MigrationStep[] = [];
  const changes: MigrationStep[] = [];
  const foreignKeys: MigrationStep[] = [];
  const indexes: MigrationStep[] = [];
  const dropIndexes: MigrationStep[] = [];
  const rebuilt = new Set<string>();
  for (const table of diff.createTables) {
    const steps = createSteps(db, dialect, table);
    creates.push(steps.create);
    foreignKeys.push(...steps.foreignKeys);
    indexes.push(...table.indexes.map((i) => indexStep(db, table.name, i)));
    if (table.search) indexes.push(createSearchStep(db, dialect, table.name, table.search));
  }
  // Files kept in their records move to their tables (created above) before the records change.
  const moves: MigrationStep[] = [];
  for (const change of diff.changeColumns)
    if (change.toFiles) moves.push(await moveFilesStep(db, schema, change));
  for (const table of schema.tables) {
    if (diff.createTables.includes(table)) continue;
    const planned = await planTableChanges(ctx, table, diff);
    changes.push(...planned.steps);
    if (planned.rebuild) rebuilt.add(table.name);
  }
  // A rebuilt table gets all its indexes anew; elsewhere indexes change one by one.
  for (const { table, index } of diff.dropIndexes) {
    if (rebuilt.has(table.name)) continue;
    const drop = ddlText(db.schema.dropIndex(index.name).ifExists());
    dropIndexes.push({
      kind: 'drop-index',
      table: table.name,
      destructive: false,
      description: `drop index ${index.name}`,
      sql: [drop],
    });
  }
  for (const { table, index } of diff.createIndexes) {
    if (!rebuilt.has(table.name)) indexes.push(indexStep(db, table.name, index));
  }
  const search = searchSteps(db, dialect, ctx.applied, schema, diff, rebuilt);
  dropIndexes.push(...search.drops);
  indexes.push(...search.creates);
  const drops: MigrationStep[] = [];
  for (const table of diff.dropTables) {
    const rows = await countRows(db, table.name);
    const drop =
      dialect === 'postgres'
        ? db.schema.dropTable(table.name).cascade()
        : db.schema.dropTable(table.name);
    const step: MigrationStep = {
      kind: 'drop-table',
      table: table.name,
      destructive: rows > 0,
      description: `drop table ${table.name}`,
      sql: [ddlText(drop)],
    };
    if (rows > 0)
      Object.assign(step, {
        loss: `drop table ${table.name}: ${rows} row${rows === 1 ? '' : 's'}`,
        rows,
      });
    drops.push(step);
  }
  const steps = [
    ...dropIndexes,
    ...creates,
    ...moves,
    ...changes,
    ...foreignKeys,
    ...indexes,
    ...drops,
  ];
  return { dialect, modelName, schema, steps, drift };
}
