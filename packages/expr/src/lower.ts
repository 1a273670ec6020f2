import type { Expr } from './ast.js';
import { identName } from './ast.js';
import { decimalText, type Decimal } from './decimal.js';
import { operatorSymbol } from './check-operators.js';
import { isDurationUnit } from './duration-units.js';
import { isAggregate, type Aggregate } from './aggregates.js';
import type { ExprType } from './types.js';

/**
 * A count() call taken out of the tree: its entity, its variable and its (lowered) condition;
 * for an aggregate (sum, min, max, avg), also the function, its (lowered) value and the value's
 * type tag.
 */
export type CountSite = {
  entity: string;
  variable: string;
  condition: Expr;
  aggregate?: { fn: Aggregate; value: Expr; tag: string };
};

const LOWERED = new Set([
  '_==_',
  '_!=_',
  '_<_',
  '_<=_',
  '_>_',
  '_>=_',
  '_+_',
  '_-_',
  '_*_',
  '_/_',
  '_%_',
]);

/**
 * Rewrites a checked tree for evaluation: operators become `sr_op(op, leftType, rightType, l, r)`
 * so that money, decimals, dates, references and null follow the language's rules rather than
 * CEL's; count(), duration(), today(), double() and int() of a decimal become calls to our own
 * functions. A decimal literal becomes its exact text (`decimalOf` reads it from the source), the
 * form every decimal takes in a lowered tree: CEL's doubles are never used.
 */
export function lower(
  root: Expr,
  types: Map<string, ExprType>,
  sites: CountSite[],
  decimalOf: (literal: Expr) => Decimal | undefined = () => undefined,
): void {
  let nextId = 1_000_000n;
  const tagOf = (e: Expr) => tag(types.get(String(e.id)));
  const literal = (value: string): Expr =>
    ({
      $typeName: 'cel.expr.Expr',
      id: nextId++,
      exprKind: {
        case: 'constExpr',
        value: { $typeName: 'cel.expr.Constant', constantKind: { case: 'stringValue', value } },
      },
    }) as unknown as Expr;
  const intLiteral = (value: number): Expr =>
    ({
      $typeName: 'cel.expr.Expr',
      id: nextId++,
      exprKind: {
        case: 'constExpr',
        value: {
          $typeName: 'cel.expr.Constant',
          constantKind: { case: 'int64Value', value: BigInt(value) },
        },
      },
    }) as unknown as Expr;

  const visit = (expr: Expr): void => {
    const kind = expr.exprKind;
    switch (kind.case) {
      case 'constExpr': {
        const constant = kind.value.constantKind;
        const d = constant.case === 'doubleValue' ? decimalOf(expr) : undefined;
        if (d) kind.value.constantKind = { case: 'stringValue', value: decimalText(d) };
        return;
      }
      case 'selectExpr':
        if (kind.value.operand) visit(kind.value.operand);
        return;
      case 'listExpr':
        kind.value.elements.forEach(visit);
        return;
      case 'structExpr':
        for (const entry of kind.value.entries) {
          if (entry.keyKind.case === 'mapKey') visit(entry.keyKind.value);
          if (entry.value) visit(entry.value);
        }
        return;
      case 'comprehensionExpr': {
        const c = kind.value;
        for (const e of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result])
          if (e) visit(e);
        return;
      }
      case 'callExpr': {
        const call = kind.value;
        if (call.target) visit(call.target);
        const [first, second, third] = call.args;
        if (!call.target && call.function === 'count' && first && second && third) {
          visit(third);
          sites.push({
            entity: identName(first) ?? '',
            variable: identName(second) ?? '',
            condition: third,
          });
          call.function = 'sr_count';
          call.args = [intLiteral(sites.length - 1)];
          return;
        }
        const fourth = call.args[3];
        if (!call.target && isAggregate(call.function) && first && second && third && fourth) {
          visit(third);
          visit(fourth);
          const aggregate = { fn: call.function, value: third, tag: tagOf(third) };
          sites.push({
            entity: identName(first) ?? '',
            variable: identName(second) ?? '',
            condition: fourth,
            aggregate,
          });
          call.function = 'sr_aggregate';
          call.args = [intLiteral(sites.length - 1)];
          return;
        }
        call.args.forEach(visit);
        if (call.target) return;
        if (LOWERED.has(call.function) && first && second) {
          call.args = [
            literal(operatorSymbol(call.function)!),
            literal(tagOf(first)),
            literal(tagOf(second)),
            first,
            second,
          ];
          call.function = 'sr_op';
        } else if (call.function === '-_' && first) {
          call.args = [literal(tagOf(first)), first];
          call.function = 'sr_neg';
        } else if (call.function === 'duration' || call.function === 'today') {
          call.function = `sr_${call.function}`;
        } else if (isDurationUnit(call.function) && first) {
          call.args = [literal(call.function), first];
          call.function = 'sr_duration_of';
        } else if (call.function === 'date' && call.args.length === 3) {
          call.function = 'sr_date';
        } else if (
          call.function === 'timestamp' &&
          call.args.length === 3 &&
          types.get(String(first?.id))?.kind === 'date'
        ) {
          call.function = 'sr_wall_time';
        } else if (call.function === 'double' && first) {
          call.function = 'sr_decimal';
        } else if (
          call.function === 'int' &&
          first &&
          types.get(String(first.id))?.kind === 'double'
        ) {
          call.function = 'sr_int';
        }
        return;
      }
      default:
        return;
    }
  };
  visit(root);
}

/** The static type tag operators receive: `int`, `money:EUR`, `date`, `record`, `dyn`... */
function tag(type: ExprType | undefined): string {
  if (!type) return 'dyn';
  if (type.kind === 'money') return `money:${type.currency ?? ''}`;
  return type.kind === 'enum' ? 'string' : type.kind;
}
