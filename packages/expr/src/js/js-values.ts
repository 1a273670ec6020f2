import { instantMillis, toIsoDate } from '../dates.js';
import { toDecimal } from '../decimal.js';
import { moneyShape, toMoney } from '../money.js';
import type { Operand } from '../operands.js';
import type { ExprType } from '../types.js';

/** A CEL error while evaluating: it absorbs through the logic operators as CEL's errors do. */
export const ERROR = { k: 'error' } as const;

/** A list value: its items, each already an operand. */
export type JsList = { k: 'list'; items: JsValue[] };

/** What a compiled node answers: an operand, a list, or an error. */
export type JsValue = Operand | JsList | typeof ERROR;

export const NULL: Operand = { k: 'null' };
export const TRUE: Operand = { k: 'bool', v: true };
export const FALSE: Operand = { k: 'bool', v: false };

/** A bool operand. */
export const bool = (v: boolean): Operand => (v ? TRUE : FALSE);

/** A value as evaluate() would make it from a value of unknown type (see to-cel.ts `dynamic`). */
export function dynamicOperand(value: unknown): JsValue {
  if (value === null || value === undefined) return NULL;
  switch (typeof value) {
    case 'bigint':
      return { k: 'int', v: value };
    case 'number': {
      // As operands.ts reads it: whole, an integer; else an exact decimal.
      if (Number.isSafeInteger(value)) return { k: 'int', v: BigInt(value) };
      const d = toDecimal(value);
      return d ? { k: 'decimal', d } : { k: 'other', v: value };
    }
    case 'string':
      return { k: 'string', v: value };
    case 'boolean':
      return bool(value);
  }
  if (value instanceof Date) return { k: 'timestamp', ms: value.getTime() };
  if (Array.isArray(value)) return { k: 'list', items: value.map(dynamicOperand) };
  const money = moneyShape(value) && toMoney(value);
  return money ? { k: 'money', m: money } : { k: 'other', v: value };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A stored value (wire form: ids as strings, datetimes ISO text, dates "YYYY-MM-DD", money
 * "12.50", integers as bigint, number or digits) as the operand evaluate() would read it for a
 * field of that type: to-cel.ts's conversion followed by operands.ts's, in one step.
 */
export function wireOperand(value: unknown, type: ExprType): JsValue {
  if (value === null || value === undefined) return NULL;
  switch (type.kind) {
    case 'record':
      return { k: 'ref', id: isPlainObject(value) ? (value.id ?? null) : value };
    case 'int':
      if (typeof value === 'number' && Number.isInteger(value))
        return { k: 'int', v: BigInt(value) };
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return { k: 'int', v: BigInt(value) };
      return dynamicOperand(value);
    case 'double': {
      const d = toDecimal(value);
      return d ? { k: 'decimal', d } : dynamicOperand(value);
    }
    case 'money': {
      const m = toMoney(value, type.currency);
      return m ? { k: 'money', m } : dynamicOperand(value);
    }
    case 'date': {
      const date = toIsoDate(value);
      return date ? { k: 'date', date } : dynamicOperand(value);
    }
    case 'timestamp': {
      const ms = instantMillis(value);
      return Number.isNaN(ms) ? dynamicOperand(value) : { k: 'timestamp', ms };
    }
    case 'duration':
      return typeof value === 'number' ? { k: 'duration', ms: value } : dynamicOperand(value);
    case 'list':
      return Array.isArray(value)
        ? { k: 'list', items: value.map((v) => wireOperand(v, type.element)) }
        : dynamicOperand(value);
    default:
      return dynamicOperand(value);
  }
}
