import {
  celFunc,
  CelScalar,
  isCelError,
  isCelUint,
  type CelEnv,
  type CelFunc,
  type CelInput,
} from '@bufbuild/cel';
import { compilePattern, dateIn } from '@specrun/model';
import type { Operator } from './aggregate-site.js';
import { celDuration, celTimestamp } from './cel-values.js';
import { dateOfParts, instantOfParts } from './date-parts.js';
import { decimalText, toDecimal, truncateDecimal } from './decimal.js';
import { parseDurationText } from './duration-text.js';
import { DURATION_UNITS } from './duration-units.js';
import { operand, toCelValue } from './operands.js';
import { arithmetic, negate } from './runtime-arithmetic.js';
import { compare, equals } from './runtime-compare.js';

const { STRING, DYN, INT, BOOL } = CelScalar;

/** What the functions of one evaluation need to know. */
export type RuntimeContext = {
  timeZone?: string;
  nowMs: number;
  count: (site: number) => number;
  /** An aggregate's value, folded with the language's operators (see aggregate-site.ts). */
  aggregate: (site: number, op: Operator) => CelInput;
  env: () => CelEnv;
};

const ORDER: Record<string, (c: number) => boolean> = {
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};

/**
 * The functions lowered trees call (sr_op, sr_neg, sr_count, sr_duration, sr_today), and the
 * global form of `matches(s, pattern)`, which CEL's library has only as a method: on the same
 * linear-time engine (RE2) as the method.
 */
export function runtimeFunctions(ctx: RuntimeContext): CelFunc[] {
  const std = (name: string, args: unknown[]): CelInput => {
    const result = ctx
      .env()
      .funcs.find(name)
      ?.call(0, undefined, args as never[]);
    if (result === undefined) throw new Error(`no such overload: ${name}`);
    if (isCelError(result)) throw result;
    return result as CelInput;
  };
  const op = (
    symbol: string,
    leftTag: string,
    rightTag: string,
    a: unknown,
    b: unknown,
  ): CelInput => {
    const x = operand(a, leftTag, rightTag);
    const y = operand(b, rightTag, leftTag);
    if (symbol === '==' || symbol === '!=') {
      const same = equals(x, y, ctx.timeZone) ?? std('_==_', [a, b]) === true;
      return symbol === '==' ? same : !same;
    }
    const order = ORDER[symbol];
    if (order) {
      const c = compare(x, y, ctx.timeZone);
      return c !== undefined && order(c);
    }
    const result = arithmetic(symbol, x, y, ctx.timeZone);
    return result ? toCelValue(result) : std(`_${symbol}_`, [a, b]);
  };
  return [
    celFunc('sr_op', [STRING, STRING, STRING, DYN, DYN], DYN, op),
    celFunc('sr_neg', [STRING, DYN], DYN, (t, a) => {
      const result = negate(operand(a, t, 'dyn'));
      return result ? toCelValue(result) : std('-_', [a]);
    }),
    celFunc('sr_count', [INT], INT, (site) => BigInt(ctx.count(Number(site)))),
    celFunc('sr_aggregate', [INT], DYN, (site) => ctx.aggregate(Number(site), op)),
    celFunc('sr_duration', [DYN], DYN, (value) => {
      if (typeof value !== 'string') return value as CelInput;
      const ms = parseDurationText(value);
      if (ms === undefined) throw new Error(`"${value}" is not a duration`);
      return celDuration(ms);
    }),
    celFunc('sr_duration_of', [STRING, DYN], DYN, (unit, n) => {
      if (n === null || n === undefined) throw new Error(`${String(unit)}() of nothing`);
      return celDuration(Number(n) * DURATION_UNITS[String(unit)]!);
    }),
    celFunc('sr_today', [], STRING, () => dateIn(ctx.nowMs, ctx.timeZone)),
    // date(y, m, d) and timestamp(date, h, m): no such date or time cannot be evaluated.
    celFunc('sr_date', [INT, INT, INT], STRING, (y, m, d) => {
      const date = dateOfParts(Number(y), Number(m), Number(d));
      if (date === undefined) throw new Error(`there is no date ${y}-${m}-${d}`);
      return date;
    }),
    celFunc('sr_wall_time', [DYN, INT, INT], DYN, (date, h, m) => {
      const ms =
        typeof date === 'string'
          ? instantOfParts(date, Number(h), Number(m), ctx.timeZone)
          : undefined;
      if (ms === undefined) throw new Error(`${h}:${m} on ${String(date)} is not a time`);
      return celTimestamp(ms);
    }),
    // double(x): the exact decimal of an int, a decimal or a text, as its canonical text.
    celFunc('sr_decimal', [DYN], DYN, (value) => {
      const d = toDecimal(isCelUint(value) ? value.value : value);
      if (!d) throw new Error(`"${String(value)}" is not a number`);
      return decimalText(d);
    }),
    // int(x) of a decimal: truncated towards zero, as CEL truncates a double.
    celFunc('sr_int', [DYN], DYN, (value) => {
      const d = typeof value === 'string' ? toDecimal(value) : undefined;
      return d ? toCelValue({ k: 'int', v: truncateDecimal(d) }) : std('int', [value]);
    }),
    celFunc('matches', [STRING, STRING], BOOL, (s, pattern) =>
      compilePattern(String(pattern)).test(String(s)),
    ),
  ];
}
