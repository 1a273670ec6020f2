import type { Expr, Parsed } from './ast.js';
import { toDecimal, type Decimal } from './decimal.js';

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

/**
 * The exact decimal a number literal was written as. CEL's parser hands over a double, which
 * holds `0.1` only approximately and a literal of more than 15 significant digits not at all:
 * the digits are read again from the source where the literal starts.
 */
export function literalDecimal(source: string, parsed: Parsed, expr: Expr): Decimal | undefined {
  const kind = expr.exprKind;
  if (kind.case !== 'constExpr') return undefined;
  const constant = kind.value.constantKind;
  if (constant.case !== 'doubleValue' && constant.case !== 'int64Value') return undefined;
  const offset = parsed.sourceInfo?.positions[String(expr.id)];
  const written = offset === undefined ? undefined : NUMBER.exec(source.slice(offset))?.[0];
  // The text is the literal's only if it reads back as the parser's value.
  if (written !== undefined && Number(written) === Number(constant.value)) {
    const exact = toDecimal(written);
    if (exact) return exact;
  }
  return toDecimal(constant.value);
}
