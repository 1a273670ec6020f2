import { startOfDate } from '@specrun/model';
import { toDecimal } from './decimal.js';
import { compareMoney } from './money.js';
import type { Operand } from './operands.js';

/** Equality as the language means it: a reference equals its id, money compares exactly. */
export function equals(a: Operand, b: Operand, timeZone?: string): boolean | undefined {
  if (a.k === 'null' || b.k === 'null') return a.k === b.k;
  if (a.k === 'ref' || b.k === 'ref') return idOf(a) === idOf(b) && idOf(a) !== undefined;
  if (a.k === 'other' || b.k === 'other') return undefined;
  if (
    a.k === 'money' &&
    b.k === 'money' &&
    a.m.currency &&
    b.m.currency &&
    a.m.currency !== b.m.currency
  ) {
    return false;
  }
  try {
    return compare(a, b, timeZone) === 0;
  } catch {
    return false;
  }
}

/** -1, 0 or 1; undefined when either side is null (an ordering with null is never true). */
export function compare(a: Operand, b: Operand, timeZone?: string): number | undefined {
  if (a.k === 'null' || b.k === 'null') return undefined;
  const x = comparable(a, timeZone);
  const y = comparable(b, timeZone);
  if (a.k === 'money' && b.k === 'money') return compareMoney(a.m, b.m);
  if (a.k === 'money' && numeric(b)) return compareMoney(a.m, decimalOf(b));
  if (numeric(a) && b.k === 'money') return -compareMoney(b.m, decimalOf(a));
  if (a.k === 'int' && b.k === 'int') return sign(a.v, b.v);
  if (x.kind === y.kind && x.kind !== 'none') return sign(x.value, y.value);
  throw new Error(`cannot compare ${a.k} with ${b.k}`);
}

type Comparable = {
  kind: 'number' | 'string' | 'time' | 'duration' | 'bool' | 'none';
  value: number | string;
};

function comparable(o: Operand, timeZone?: string): Comparable {
  switch (o.k) {
    case 'int':
      return { kind: 'number', value: Number(o.v) };
    case 'double':
      return { kind: 'number', value: o.v };
    case 'string':
      return { kind: 'string', value: o.v };
    case 'bool':
      return { kind: 'bool', value: o.v ? 1 : 0 };
    case 'timestamp':
      return { kind: 'time', value: o.ms };
    case 'date':
      return { kind: 'time', value: startOfDate(o.date, timeZone) };
    case 'duration':
      return { kind: 'duration', value: o.ms };
    default:
      return { kind: 'none', value: 0 };
  }
}

function numeric(o: Operand): o is Extract<Operand, { k: 'int' | 'double' }> {
  return o.k === 'int' || o.k === 'double';
}

function decimalOf(o: Extract<Operand, { k: 'int' | 'double' }>) {
  const d = toDecimal(o.v);
  if (!d) throw new Error(`cannot compare money with ${o.v}`);
  return d;
}

function sign<T extends number | string | bigint>(x: T, y: T): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function idOf(o: Operand): unknown {
  if (o.k === 'ref') return o.id;
  if (o.k === 'string') return o.v;
  return undefined;
}
