import { compileToSql, type SqlParams } from './expr.js';
import type { AppModel } from '@specrun/model';
import { modelSqlMapping } from '../../support/model-sql-mapping.js';
import { deriveTables } from '../../../src/store/derive-tables.js';
import type { TestDatabase } from './test-databases.js';

/** Compiles a condition for an entity's list on a database's dialect; throws when it cannot. */
export function compiledFilter(
  model: AppModel,
  entity: string,
  source: string,
  dialect: TestDatabase['dialect'],
) {
  const result = compileToSql(source, model, { entity }, modelSqlMapping(model, dialect));
  if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.issues)}`);
  return result.sql;
}

/** The ids of the rows a compiled condition keeps, sorted. */
export async function selectIds(
  target: TestDatabase,
  model: AppModel,
  entity: string,
  source: string,
  params: SqlParams,
): Promise<string[]> {
  const condition = compiledFilter(model, entity, source, target.dialect)(params);
  const table = deriveTables(model).tables.find(
    (t) => t.role.kind === 'entity' && t.role.entity === entity,
  )!.name;
  const rows = await target.db
    .selectFrom(`${table} as record`)
    .select('record.id')
    .where(condition)
    .execute();
  return rows.map((r: { id: string }) => r.id).sort();
}
