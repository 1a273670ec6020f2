import type { CallNode, Expr } from '../ast.js';
import { parseDurationText } from '../duration-text.js';
import { DURATION_UNITS } from '../duration-units.js';
import { arithmeticOf, comparisonOf } from '../operator-kinds.js';
import type { Operand } from '../operands.js';
import { arithmetic, negate } from '../runtime-arithmetic.js';
import { compare, equals } from '../runtime-compare.js';
import { compileJsNode } from './compile-js-node.js';
import { todayOf, type JsCompiler, type JsNode } from './js-compiler.js';
import { ERROR, bool, type JsValue } from './js-values.js';

const ORDER: Record<string, (c: number) => boolean> = {
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
// Operands the language's operators read by their static type; dyn and collections are CEL's own.
const SCALARS = new Set([
  'int',
  'double',
  'string',
  'bool',
  'null',
  'timestamp',
  'duration',
  'date',
  'money',
  'enum',
  'record',
]);

const isOperand = (v: JsValue): v is Operand => v.k !== 'error' && v.k !== 'list';

/** An operator, or one of the functions evaluated here; anything else stops compiling. */
export function compileJsCall(c: JsCompiler, expr: Expr, call: CallNode): JsNode {
  const name = call.function;
  if (call.target) return compileMethod(c, expr, name, call.target, call.args);
  const args = call.args.map((a) => compileJsNode(c, a));
  const comparison = comparisonOf(name);
  const operator = arithmeticOf(name);
  if (comparison || operator) {
    for (const a of call.args)
      if (!SCALARS.has(c.typeOf(a).kind))
        return c.fail(expr, 'Only values of known scalar types are compared here.');
    return comparison
      ? compileComparison(c, comparison, args)
      : compileArithmetic(c, operator!, args);
  }
  switch (name) {
    case '_&&_':
      return logic(args, false);
    case '_||_':
      return logic(args, true);
    case '!_': {
      const [a] = args;
      return (ctx) => {
        const v = a!(ctx);
        return v.k === 'bool' ? bool(!v.v) : ERROR;
      };
    }
    case '_?_:_': {
      const [test, yes, no] = args;
      return (ctx) => {
        const v = test!(ctx);
        if (v.k !== 'bool') return ERROR;
        return v.v ? yes!(ctx) : no!(ctx);
      };
    }
    case '-_': {
      const [a] = args;
      return (ctx) => {
        const v = a!(ctx);
        return isOperand(v) ? (negate(v) ?? ERROR) : ERROR;
      };
    }
    case '@in':
      return compileIn(c, expr, call.args, args);
    case 'size':
      return size(args[0]!);
    case 'today':
      return (ctx) => ({ k: 'date', date: todayOf(ctx) });
    case 'duration':
      return duration(args[0]!);
    case 'minutes':
    case 'hours':
    case 'days':
    case 'weeks':
      return durationOf(DURATION_UNITS[name]!, args[0]!);
    default:
      return c.fail(expr, `\`${name}\` is not evaluated here.`);
  }
}

/**
 * `&&` (or `||` when `absorbing` is true): the absorbing value wins whatever the other side is,
 * even an error; otherwise any error or non-bool makes the whole an error, as in CEL.
 */
function logic(args: JsNode[], absorbing: boolean): JsNode {
  return (ctx) => {
    let failed = false;
    for (const arg of args) {
      const v = arg(ctx);
      if (v.k === 'bool') {
        if (v.v === absorbing) return v;
      } else failed = true;
    }
    return failed ? ERROR : bool(!absorbing);
  };
}

function compileComparison(c: JsCompiler, op: string, [a, b]: JsNode[]): JsNode {
  const zone = c.timeZone;
  if (op === '==' || op === '!=') {
    const same = op === '==';
    return (ctx) => {
      const x = a!(ctx);
      const y = b!(ctx);
      if (!isOperand(x) || !isOperand(y)) return ERROR;
      const equal = equals(x, y, zone);
      return equal === undefined ? ERROR : bool(equal === same);
    };
  }
  const order = ORDER[op]!;
  return (ctx) => {
    const x = a!(ctx);
    const y = b!(ctx);
    if (!isOperand(x) || !isOperand(y)) return ERROR;
    try {
      const compared = compare(x, y, zone);
      return bool(compared !== undefined && order(compared));
    } catch {
      return ERROR;
    }
  };
}

function compileArithmetic(c: JsCompiler, op: string, [a, b]: JsNode[]): JsNode {
  const zone = c.timeZone;
  return (ctx) => {
    const x = a!(ctx);
    const y = b!(ctx);
    if (!isOperand(x) || !isOperand(y)) return ERROR;
    try {
      const result = arithmetic(op, x, y, zone);
      if (!result) return ERROR;
      if (result.k === 'int' && (result.v < INT64_MIN || result.v > INT64_MAX)) return ERROR;
      return result;
    } catch {
      return ERROR;
    }
  };
}

/** The value `in` compares: CEL's equality on the strings, ints and bools it is limited to here. */
function plain(v: JsValue): unknown {
  switch (v.k) {
    case 'null':
      return null;
    case 'string':
    case 'int':
    case 'bool':
      return v.v;
    case 'ref':
      return v.id;
    default:
      return ERROR;
  }
}

const LOOKED_FOR = new Set(['string', 'enum', 'int', 'bool']);

function compileIn(c: JsCompiler, expr: Expr, operands: Expr[], [x, list]: JsNode[]): JsNode {
  const [wanted, among] = operands.map((o) => c.typeOf(o));
  if (!wanted || !LOOKED_FOR.has(wanted.kind) || among?.kind !== 'list')
    return c.fail(expr, 'Only strings, ints and bools are looked for in a list here.');
  const element = among.element.kind;
  const sameKind =
    element === wanted.kind ||
    (element === 'record' && wanted.kind === 'string') ||
    ((element === 'enum' || element === 'string') &&
      (wanted.kind === 'enum' || wanted.kind === 'string'));
  if (!sameKind)
    return c.fail(expr, 'Only a value among values of its own type is looked for here.');
  return (ctx) => {
    const value = x!(ctx);
    const items = list!(ctx);
    if (value.k === 'error' || items.k !== 'list') return ERROR;
    const v = plain(value);
    if (v === ERROR) return ERROR;
    return bool(items.items.some((item) => plain(item) === v));
  };
}

function size(arg: JsNode): JsNode {
  return (ctx) => {
    const v = arg(ctx);
    if (v.k === 'string') return { k: 'int', v: BigInt([...v.v].length) };
    if (v.k === 'list') return { k: 'int', v: BigInt(v.items.length) };
    return ERROR;
  };
}

/** `duration(x)`: a duration as it is, text parsed ("72h"), null kept, as sr_duration does. */
function duration(arg: JsNode): JsNode {
  return (ctx) => {
    const v = arg(ctx);
    if (v.k !== 'string') return v;
    const ms = parseDurationText(v.v);
    return ms === undefined ? ERROR : { k: 'duration', ms };
  };
}

/** `hours(n)` and the other units: n whole units; a function of null is an error. */
function durationOf(unitMs: number, arg: JsNode): JsNode {
  return (ctx) => {
    const v = arg(ctx);
    return v.k === 'int' ? { k: 'duration', ms: Number(v.v) * unitMs } : ERROR;
  };
}

const STRING_TESTS: Record<string, (s: string, t: string) => boolean> = {
  contains: (s, t) => s.includes(t),
  startsWith: (s, t) => s.startsWith(t),
  endsWith: (s, t) => s.endsWith(t),
};

function compileMethod(
  c: JsCompiler,
  expr: Expr,
  name: string,
  targetExpr: Expr,
  argExprs: Expr[],
): JsNode {
  const target = compileJsNode(c, targetExpr);
  const args = argExprs.map((a) => compileJsNode(c, a));
  if (name === 'size' && args.length === 0) return size(target);
  const test = STRING_TESTS[name];
  if (!test || args.length !== 1) return c.fail(expr, `\`${name}\` is not evaluated here.`);
  const [arg] = args;
  return (ctx) => {
    const s = target(ctx);
    const t = arg!(ctx);
    return s.k === 'string' && t.k === 'string' ? bool(test(s.v, t.v)) : ERROR;
  };
}
