// Vitest resolves `@specrun/expr` from a server test to the package's built dist, which lags
// behind its sources; the differential tests must exercise the sources as they are.
export { compileToJs, compileToSql, evaluate } from '../../../../expr/src/index.js';
export type { ExprScope, SqlParams } from '../../../../expr/src/index.js';
