import type { CallNode, Expr } from './ast.js';
import { stringLiteral } from './ast.js';
import { AGGREGATES } from './aggregates.js';
import type { Checker } from './checker.js';
import { didYouMean, patternProblem } from '@specrun/model';
import { parseDurationText } from './duration-text.js';
import { checkDatePartLiterals } from './check-date-parts.js';
import { GLOBAL_FUNCTIONS, METHODS } from './function-signatures.js';
import { DYN, typeName, type ExprType } from './types.js';

/** A function or method call other than the operators and count(). */
export function checkFunction(checker: Checker, expr: Expr, call: CallNode): ExprType {
  const target = call.target ? checker.check(call.target) : undefined;
  const args = call.args.map((arg) => checker.check(arg));
  const name = call.function;
  const table = call.target ? METHODS : GLOBAL_FUNCTIONS;
  const offset = call.target ? checker.nameOffset(expr, name) : checker.offset(expr);
  const signature = Object.hasOwn(table, name) ? table[name] : undefined;
  if (!signature) {
    const known = call.target
      ? Object.keys(METHODS)
      : [...Object.keys(GLOBAL_FUNCTIONS), 'count', ...AGGREGATES];
    checker.report('unknown-function', `Unknown function \`${name}\`.`, offset, {
      hint: didYouMean(name, known),
      length: name.length,
    });
    return DYN;
  }
  const result = signature(target, args);
  if (!result) {
    const on = target ? ` on ${typeName(target)}` : '';
    const given = args.map((a) => typeName(a)).join(', ');
    checker.report('type-mismatch', `\`${name}\`${on} does not take (${given}).`, offset, {
      length: name.length,
    });
    return DYN;
  }
  if (name === 'duration' && !call.target && call.args[0])
    checkDurationLiteral(checker, call.args[0]);
  if ((name === 'date' || name === 'timestamp') && !call.target)
    checkDatePartLiterals(checker, expr, call);
  // `s.matches(p)` or `matches(s, p)`: the pattern is the last argument.
  const pattern = call.args.at(-1);
  if (name === 'matches' && pattern) checkPatternLiteral(checker, pattern);
  return result;
}

/** A pattern written in the expression must run on the linear-time engine (RE2) matches() uses. */
function checkPatternLiteral(checker: Checker, arg: Expr): void {
  const text = stringLiteral(arg);
  const problem = text === undefined ? undefined : patternProblem(text);
  if (!problem || text === undefined) return;
  checker.report(
    'invalid-pattern',
    `The pattern "${text}" cannot run in linear time: ${problem.message}.`,
    checker.offset(arg),
    { hint: problem.hint, length: text.length + 2 },
  );
}

function checkDurationLiteral(checker: Checker, arg: Expr): void {
  const text = stringLiteral(arg);
  if (text === undefined || parseDurationText(text) !== undefined) return;
  checker.report('invalid-duration', `"${text}" is not a duration.`, checker.offset(arg), {
    hint: 'write it like "72h", "15m", "30d" or "1h30m"',
    length: text.length + 2,
  });
}
