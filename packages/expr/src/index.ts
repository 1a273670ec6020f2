export { checkExpression } from './check-expression.js';
export type { CheckResult } from './check-expression.js';
export { analyseExpression } from './analysis/analyse-expression.js';
export { fieldsReadFrom } from './analysis/fields-read-from.js';
export { listFilterRefusals, type FilterRefusal } from './analysis/list-filter-refusals.js';
export { lexicalSize, type LexicalSize } from './analysis/lexical-size.js';
export type {
  Conjunct,
  CountCall,
  ExpressionAnalysis,
  ExpressionSize,
  FieldRead,
  ItemRead,
  KnownField,
  StringSearch,
  ValueMaking,
} from './analysis/analysis-types.js';
export { evaluate, ExprEvaluationError, prepareEvaluation } from './evaluate.js';
export type { CountRecords, PreparedExpression } from './evaluate.js';
export type { ExprIssue, ExprIssueCode } from './issues.js';
export type { References } from './references.js';
export type { ExprScope } from './scope.js';
export { automaticScope } from './automatic-scope.js';
export type { ExprType } from './types.js';
export { typeName } from './types.js';
export { parseDurationText } from './duration-text.js';
export {
  compileToSql,
  compileValueToSql,
  computedColumnSql,
  computedNeedingDatabase,
  computedScope,
  withComputedColumns,
} from './sql/index.js';
export { whyComputedNotInDatabase, whyNotInDatabase } from './sql/runs-in-database.js';
export type {
  RecordBinding,
  SqlColumn,
  SqlCompileOptions,
  SqlCompileResult,
  SqlDialect,
  SqlListTable,
  SqlMapping,
  SqlParams,
  SqlValueOptions,
  SqlValueResult,
} from './sql/index.js';
export {
  decimalSortKey,
  registerDecimalFunctions,
  SQLITE_DECIMAL,
  type SqliteFunctionHost,
} from './sql/sqlite-decimal-functions.js';
export { compileToJs } from './js/compile-to-js.js';
export type { JsCompileResult } from './js/compile-to-js.js';
export type { JsBindings } from './js/js-compiler.js';
