export { parseSpec, type ParseOptions, type ParseResult } from './parse-spec.js';
export { DIAGNOSTIC_CODES, type CodeInfo } from './diagnostics/diagnostic-codes.js';
