import type { Expr } from '../ast.js';
import type { ValueMaking } from './analysis-types.js';

// The names whose fields are read from stored records; every other name of the scope (`user`,
// `now`, `input`, constants) is known before any record is read.
const RECORDS = new Set(['record', 'old']);

/**
 * What a value is made of (see ValueMaking): a literal or a name of the scope is given, a field
 * of `record`, `old` or a bound variable is read, anything an operator or a function works out
 * is computed. A field keeps the making of what it is read from.
 */
export function valueMaking(node: Expr, locals: ReadonlySet<string>): ValueMaking {
  const kind = node.exprKind;
  switch (kind.case) {
    case 'constExpr':
      return 'given';
    case 'identExpr':
      return locals.has(kind.value.name) || RECORDS.has(kind.value.name) ? 'read' : 'given';
    case 'selectExpr':
      return kind.value.operand ? valueMaking(kind.value.operand, locals) : 'computed';
    default:
      return 'computed';
  }
}
