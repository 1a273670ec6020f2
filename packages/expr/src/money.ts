import { isCelMap } from '@bufbuild/cel';
import { currencyScale } from '@specrun/model';
import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  roundDecimal,
  toDecimal,
  type Decimal,
} from './decimal.js';

/** An exact amount of money. On the way in and out of evaluate it is `{ amount: "12.50", currency: "EUR" }`. */
export type Money = Decimal & { currency: string };

/** Reads money from `{ amount, currency }` (object or CEL map), "12.50", "12.50 EUR", a number. */
export function toMoney(value: unknown, currency = ''): Money | undefined {
  const shape = moneyShape(value);
  if (shape) return toMoney(shape.amount, shape.currency || currency);
  if (typeof value === 'string') {
    const [amount = '', code] = value.trim().split(/\s+/);
    const d = toDecimal(amount);
    return d && { ...d, currency: code ?? currency };
  }
  const d = toDecimal(value);
  return d && { ...d, currency };
}

/** `{ amount, currency }` when the value has that shape (a plain object or a CEL map). */
export function moneyShape(value: unknown): { amount: unknown; currency: string } | undefined {
  if (isCelMap(value)) {
    if (value.size !== 2) return undefined;
    const amount = value.get('amount');
    const currency = value.get('currency');
    return typeof currency === 'string' && amount !== undefined ? { amount, currency } : undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  const { amount, currency } = value as Record<string, unknown>;
  const ok = entries.length === 2 && typeof currency === 'string' && amount !== undefined;
  return ok ? { amount, currency } : undefined;
}

/** The plain value evaluate hands out. */
export function moneyValue(m: Money): { amount: string; currency: string } {
  return { amount: formatDecimal(m), currency: m.currency };
}

function sameCurrency(a: Money, b: Money): string {
  if (a.currency && b.currency && a.currency !== b.currency) {
    throw new Error(`cannot combine money ${a.currency} with money ${b.currency}`);
  }
  return a.currency || b.currency;
}

/** a + b (same currency). */
export function addMoney(a: Money, b: Money): Money {
  return { ...addDecimal(a, b), currency: sameCurrency(a, b) };
}

/** a - b (same currency). */
export function subtractMoney(a: Money, b: Money): Money {
  return addMoney(a, { ...b, units: -b.units });
}

// Intl works the digits out per call, and arithmetic asks on every evaluation.
const minorDigits = new Map<string, number>();

/** The digits after the point of an amount in `currency` (EUR 2, JPY 0, BHD 3; 2 when unknown). */
export function minorUnitDigits(currency: string): number {
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits = currencyScale(currency || undefined);
    minorDigits.set(currency, digits);
  }
  return digits;
}

/** m × factor, rounded half to even to the currency's minor unit. */
export function multiplyMoney(m: Money, factor: Decimal): Money {
  const exact = multiplyDecimal(m, factor);
  return { ...roundDecimal(exact, minorUnitDigits(m.currency)), currency: m.currency };
}

/** m ÷ divisor, rounded half to even to the currency's minor unit; throws when divisor is 0. */
export function divideMoney(m: Money, divisor: Decimal): Money {
  const digits = minorUnitDigits(m.currency);
  return { ...divideDecimal(m, divisor, digits), currency: m.currency };
}

/** Compares money with money (same currency) or with a plain number. */
export function compareMoney(a: Money, b: Money | Decimal): number {
  if ('currency' in b) sameCurrency(a, b);
  return compareDecimal(a, b);
}
