export { parseSpec, type ParseOptions, type ParseResult } from './parse-spec.js';
export { DIAGNOSTIC_CODES, type CodeInfo } from './diagnostic-codes.js';
