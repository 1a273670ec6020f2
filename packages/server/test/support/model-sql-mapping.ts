import type { SqlMapping } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import { sqlMapping } from '../../src/expressions/sql-mapping.js';
import { deriveTables, type Dialect } from '../../src/index.js';

/** The SQL mapping of the tables a model derives, for tests that compile without an app. */
export function modelSqlMapping(model: AppModel, dialect: Dialect): SqlMapping {
  return sqlMapping(deriveTables(model), dialect);
}
