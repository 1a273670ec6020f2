import type { AppModel } from '@specrun/model';
import type { ExprIssue } from '../issues.js';
import type { ExprScope } from '../scope.js';
import { compileToSql } from './compile-to-sql.js';
import type { SqlDialect } from './mapping.js';
import { modelMapping } from './model-mapping.js';
import type { RecordBinding } from './roots.js';

const DIALECTS: readonly SqlDialect[] = ['sqlite', 'postgres'];

/**
 * Why a condition cannot run in the database, on SQLite or on PostgreSQL, with `record` bound
 * as given (parameters, or each row of a query); undefined when it runs on both. Asked of the
 * tables the model lays out, so it answers as the server's compilation at start does.
 */
export function whyNotInDatabase(
  source: string,
  model: AppModel,
  scope: ExprScope,
  record: RecordBinding = 'params',
): ExprIssue | undefined {
  for (const dialect of DIALECTS) {
    const result = compileToSql(source, model, scope, modelMapping(model, dialect), { record });
    if (!result.ok) return result.issues[0];
  }
  return undefined;
}
