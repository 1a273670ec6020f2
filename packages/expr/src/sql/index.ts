export { compileToSql } from './compile-to-sql.js';
export type { SqlCompileOptions, SqlCompileResult } from './compile-to-sql.js';
export type { SqlColumn, SqlDialect, SqlListTable, SqlMapping } from './mapping.js';
export type { SqlParams } from './params.js';
export type { RecordBinding } from './roots.js';
export { compileValueToSql } from './compile-value.js';
export type { SqlValueOptions, SqlValueResult } from './compile-value.js';
export {
  computedColumnSql,
  computedNeedingDatabase,
  computedScope,
  withComputedColumns,
} from './computed-columns.js';
