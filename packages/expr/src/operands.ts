import { isCelMap, isCelUint, type CelInput } from '@bufbuild/cel';
import {
  celDuration,
  celMoney,
  celTimestamp,
  durationMillis,
  timestampMillis,
} from './cel-values.js';
import { toIsoDate } from './dates.js';
import { parseDurationText } from './duration-text.js';
import { decimalText, toDecimal, type Decimal } from './decimal.js';
import { moneyShape, toMoney, type Money } from './money.js';

/**
 * A runtime operand, normalised so that operators need not care how it arrived. Every number
 * that is not an integer is an exact decimal: the language has no binary floating point.
 */
export type Operand =
  | { k: 'null' }
  | { k: 'int'; v: bigint }
  | { k: 'decimal'; d: Decimal }
  | { k: 'string'; v: string }
  | { k: 'bool'; v: boolean }
  | { k: 'timestamp'; ms: number }
  | { k: 'duration'; ms: number }
  | { k: 'date'; date: string }
  | { k: 'money'; m: Money }
  | { k: 'ref'; id: unknown }
  | { k: 'other'; v: unknown };

/** An int or a decimal as a decimal; undefined for anything else. */
export function decimalOf(o: Operand): Decimal | undefined {
  if (o.k === 'int') return { units: o.v, scale: 0 };
  return o.k === 'decimal' ? o.d : undefined;
}

const SPECIAL = ['money', 'date', 'timestamp', 'duration', 'record'];

/**
 * Normalises a CEL value by the static type tag the checker gave it ("money:EUR", "date",
 * "record", "dyn"...). A dyn operand takes its partner's type when that type is special, so
 * `input.amount < MAX_CLAIM` reads the input as money.
 */
export function operand(value: unknown, tag: string, partnerTag: string): Operand {
  if (value === null || value === undefined) return { k: 'null' };
  const partner = partnerTag.split(':')[0]!;
  const want = tag === 'dyn' && SPECIAL.includes(partner) ? partnerTag : tag;
  const [kind, currency] = want.split(':');
  switch (kind) {
    case 'money': {
      const m = toMoney(value, currency);
      return m ? { k: 'money', m } : byValue(value);
    }
    case 'date': {
      const date = toIsoDate(value);
      return date ? { k: 'date', date } : byValue(value);
    }
    case 'timestamp': {
      const ms = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isNaN(ms) ? byValue(value) : { k: 'timestamp', ms };
    }
    case 'duration': {
      const ms = typeof value === 'string' ? parseDurationText(value) : undefined;
      return ms === undefined ? byValue(value) : { k: 'duration', ms };
    }
    case 'record':
      return { k: 'ref', id: isCelMap(value) ? (value.get('id') ?? null) : value };
    case 'double': {
      // A decimal travels through CEL as its canonical text (see toCelValue).
      const d = typeof value === 'string' ? toDecimal(value) : undefined;
      return d ? { k: 'decimal', d } : byValue(value);
    }
    default:
      return byValue(value);
  }
}

function byValue(value: unknown): Operand {
  switch (typeof value) {
    case 'bigint':
      return { k: 'int', v: value };
    case 'number': {
      // A number of unknown type (JSON, a dyn binding): whole, an integer; else an exact decimal.
      if (Number.isSafeInteger(value)) return { k: 'int', v: BigInt(value) };
      const d = toDecimal(value);
      return d ? { k: 'decimal', d } : { k: 'other', v: value };
    }
    case 'string':
      return { k: 'string', v: value };
    case 'boolean':
      return { k: 'bool', v: value };
  }
  if (isCelUint(value)) return { k: 'int', v: value.value };
  const ms = timestampMillis(value);
  if (ms !== undefined) return { k: 'timestamp', ms };
  const duration = durationMillis(value);
  if (duration !== undefined) return { k: 'duration', ms: duration };
  const m = moneyShape(value) && toMoney(value);
  return m ? { k: 'money', m } : { k: 'other', v: value };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * An operand as a CEL value again; ints are checked against CEL's 64-bit range. A decimal is
 * its canonical text ("0.3"), exact at any precision where a CEL double would not be; equal
 * decimals have the same text, so CEL's own equality (`in`) still compares them by value.
 */
export function toCelValue(o: Operand): CelInput {
  switch (o.k) {
    case 'null':
      return null;
    case 'int':
      if (o.v < INT64_MIN || o.v > INT64_MAX) throw new Error('integer overflow');
      return o.v;
    case 'decimal':
      return decimalText(o.d);
    case 'string':
    case 'bool':
      return o.v;
    case 'timestamp':
      return celTimestamp(o.ms);
    case 'duration':
      return celDuration(o.ms);
    case 'date':
      return o.date;
    case 'money':
      return celMoney(o.m);
    case 'ref':
    case 'other':
      return (o.k === 'ref' ? o.id : o.v) as CelInput;
  }
}
