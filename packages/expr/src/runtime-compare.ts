import { startOfDate } from '@specrun/model';
import { compareDecimal } from './decimal.js';
import { compareMoney } from './money.js';
import { decimalOf, type Operand } from './operands.js';

/** Equality as the language means it: a reference equals its id, numbers and money exactly. */
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
  const [p, q] = [decimalOf(a), decimalOf(b)];
  if (a.k === 'money' && q) return compareMoney(a.m, q);
  if (p && b.k === 'money') return -compareMoney(b.m, p);
  if (a.k === 'int' && b.k === 'int') return sign(a.v, b.v);
  if (p && q) return compareDecimal(p, q);
  if (x.kind === y.kind && x.kind !== 'none') return sign(x.value, y.value);
  throw new Error(`cannot compare ${a.k} with ${b.k}`);
}

type Comparable = {
  kind: 'string' | 'time' | 'duration' | 'bool' | 'none';
  value: number | string;
};

function comparable(o: Operand, timeZone?: string): Comparable {
  switch (o.k) {
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

function sign<T extends number | string | bigint>(x: T, y: T): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function idOf(o: Operand): unknown {
  if (o.k === 'ref') return o.id;
  if (o.k === 'string') return o.v;
  return undefined;
}
