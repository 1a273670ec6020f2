/**
 * The specification language: `parseSpec` reads a Markdown specification into the model with
 * diagnostics. The folders are the pipeline's stages, in order: markdown/ (text to mdast with
 * positions), sections/ (one reader per section, tables/ shared), expressions/ (CEL read and
 * type-checked), checks/ (cross-references over the whole model), and diagnostics/ beside them
 * all. See ../README.md.
 */
export { parseSpec, type ParseOptions, type ParseResult } from './parse-spec.js';
export { DIAGNOSTIC_CODES, type CodeInfo } from './diagnostics/diagnostic-codes.js';
