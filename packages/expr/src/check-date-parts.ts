import type { CallNode, Expr } from './ast.js';
import type { Checker } from './checker.js';
import { dateOfParts, isTimeOfDay } from './date-parts.js';

/** The value of a node when it is an integer literal. */
function intLiteral(expr: Expr | undefined): number | undefined {
  if (!expr || expr.exprKind.case !== 'constExpr') return undefined;
  const constant = expr.exprKind.value.constantKind;
  return constant.case === 'int64Value' ? Number(constant.value) : undefined;
}

/**
 * `date(2025, 2, 30)` and `timestamp(d, 25, 0)` written with literal parts: a date or a time of
 * day that does not exist is reported at the call, as a misspelt duration is. Parts read from
 * records are checked when evaluated: there, no such date cannot be evaluated.
 */
export function checkDatePartLiterals(checker: Checker, expr: Expr, call: CallNode): void {
  const [a, b, c] = call.args.map(intLiteral);
  if (call.args.length !== 3 || b === undefined || c === undefined) return;
  const at = checker.offset(expr);
  const length = call.function.length;
  if (call.function === 'date' && a !== undefined && dateOfParts(a, b, c) === undefined) {
    checker.report('invalid-date', `There is no date ${a}-${b}-${c}.`, at, {
      hint: 'write the year, the month (1 to 12) and a day the month has',
      length,
    });
  }
  if (call.function === 'timestamp' && !isTimeOfDay(b, c)) {
    checker.report('invalid-date', `${b}:${c} is not a time of day.`, at, {
      hint: 'write the hour (0 to 23) and the minute (0 to 59)',
      length,
    });
  }
}
