import type { ExprType } from '../types.js';
import type { SqlKind } from './sql-value.js';

/** How a checked type is represented in SQL; undefined when it has no representation. */
export function kindOf(type: ExprType): SqlKind | undefined {
  switch (type.kind) {
    case 'int':
    case 'double':
    case 'string':
    case 'bool':
    case 'timestamp':
    case 'duration':
    case 'date':
    case 'money':
    case 'null':
    case 'list':
      return type.kind;
    case 'enum':
      return 'string';
    case 'record':
      return 'ref';
    default:
      return undefined;
  }
}
