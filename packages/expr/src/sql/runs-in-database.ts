import type { AppModel } from '@specrun/model';
import type { ExprIssue } from '../issues.js';
import { scopeKey, type ExprScope } from '../scope.js';
import { compileToSql } from './compile-to-sql.js';
import { compileValueToSql } from './compile-value.js';
import { computedScope, withComputedColumns } from './computed-columns.js';
import type { SqlDialect, SqlMapping } from './mapping.js';
import { modelMapping } from './model-mapping.js';
import type { RecordBinding } from './roots.js';

const DIALECTS: readonly SqlDialect[] = ['sqlite', 'postgres'];

/** A dialect's tables as the model lays them out, and the same with computed values read in. */
type DialectMappings = { base: SqlMapping; mapping: SqlMapping };

// `specrun check` asks these questions of every condition of one model, and laying the tables
// out (working out which computed values the database reads) costs more than compiling one
// condition: the mappings are laid out once per model, which must not change once asked about.
const mappingsByModel = new WeakMap<AppModel, Map<SqlDialect, DialectMappings>>();

function mappingsOf(model: AppModel, dialect: SqlDialect): DialectMappings {
  let byDialect = mappingsByModel.get(model);
  if (!byDialect) mappingsByModel.set(model, (byDialect = new Map()));
  let mappings = byDialect.get(dialect);
  if (!mappings) {
    const base = modelMapping(model, dialect);
    mappings = { base, mapping: withComputedColumns(base, model) };
    byDialect.set(dialect, mappings);
  }
  return mappings;
}

// `specrun check` asks this of one condition from several checks (permissions, list items, the
// same Allowed on several rows), and each answer compiles it twice: answers are kept per model,
// as the typed trees are (check-expression.ts), with the same bound.
const answersByModel = new WeakMap<AppModel, Map<string, ExprIssue | undefined>>();
const MAX_CACHED = 5_000;

/**
 * Why a condition cannot run in the database, on SQLite or on PostgreSQL, with `record` bound
 * as given (parameters, or each row of a query); undefined when it runs on both. Asked of the
 * tables the model lays out, so it answers as the server's compilation at start does. An
 * answer is shared, so it must not be changed.
 */
export function whyNotInDatabase(
  source: string,
  model: AppModel,
  scope: ExprScope,
  record: RecordBinding = 'params',
): ExprIssue | undefined {
  let answers = answersByModel.get(model);
  if (!answers) answersByModel.set(model, (answers = new Map()));
  const binding = record === 'params' ? 'params' : `row ${record.row}`;
  const key = `${scopeKey(scope)}\n${binding}\n${source}`;
  if (answers.has(key)) return answers.get(key);
  const answer = compileOnBoth(source, model, scope, record);
  if (answers.size >= MAX_CACHED) answers.clear();
  answers.set(key, answer);
  return answer;
}

function compileOnBoth(
  source: string,
  model: AppModel,
  scope: ExprScope,
  record: RecordBinding,
): ExprIssue | undefined {
  for (const dialect of DIALECTS) {
    const { mapping } = mappingsOf(model, dialect);
    const result = compileToSql(source, model, scope, mapping, { record });
    if (!result.ok) return result.issues[0];
  }
  return undefined;
}

/**
 * Why a computed field the database works out (see computed-columns.ts) cannot run there, on
 * SQLite or on PostgreSQL; undefined when it runs on both, or when it is not such a field.
 */
export function whyComputedNotInDatabase(
  model: AppModel,
  entity: string,
  field: string,
  source: string,
): ExprIssue | undefined {
  for (const dialect of DIALECTS) {
    const { base, mapping } = mappingsOf(model, dialect);
    const column = base.column(entity, field);
    if (!column) return undefined;
    const options = { column, row: 'record' };
    const result = compileValueToSql(source, model, computedScope(entity), mapping, options);
    if (!result.ok) return result.issues[0];
  }
  return undefined;
}
