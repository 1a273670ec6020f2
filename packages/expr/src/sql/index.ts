export { compileToSql } from './compile-to-sql.js';
export type { SqlCompileOptions, SqlCompileResult } from './compile-to-sql.js';
export type { SqlColumn, SqlDialect, SqlListTable, SqlMapping } from './mapping.js';
export type { SqlParams } from './params.js';
export type { RecordBinding } from './roots.js';
