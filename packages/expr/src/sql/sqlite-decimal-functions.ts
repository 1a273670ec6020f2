import {
  compareDecimal,
  decimalArithmetic,
  decimalText,
  toDecimal,
  type Decimal,
} from '../decimal.js';
import { DECIMAL_AGGREGATE_STEPS, SQLITE_DECIMAL_AGGREGATES } from './sqlite-decimal-aggregates.js';

/**
 * The functions SQLite runs decimal arithmetic with. SQLite has no exact decimal type (its
 * numbers are 64-bit integers and doubles), and decimals are stored as canonical text: these
 * functions read that text and answer with it, by the very code evaluate() runs (decimal.ts),
 * so that SQL, evaluate() and compiled JavaScript agree digit for digit. Every connection that
 * runs compiled SQL registers them (registerDecimalFunctions).
 */
export const SQLITE_DECIMAL = {
  /** `sr_decimal(op, a, b)`: a + b, a - b, a * b or a / b as canonical text; NULL for NULL or ÷ 0. */
  arithmetic: 'sr_decimal',
  /** `sr_decimal_cmp(a, b)`: -1, 0 or 1; NULL when either is NULL. */
  compare: 'sr_decimal_cmp',
  /** `sr_decimal_key(a)`: text that sorts as the number does (for ORDER BY and cursors). */
  sortKey: 'sr_decimal_key',
} as const;

/** What registerDecimalFunctions needs of a connection: better-sqlite3's `function`, `aggregate`. */
export interface SqliteFunctionHost {
  function(
    name: string,
    options: { deterministic: boolean; safeIntegers: boolean },
    fn: (...args: never[]) => unknown,
  ): unknown;
  aggregate(
    name: string,
    options: {
      deterministic: boolean;
      safeIntegers: boolean;
      start: null;
      step: (total: string | null, next: unknown) => string | null;
    },
  ): unknown;
}

/** An SQLite value (integer, real, text) as a decimal; undefined for NULL and anything else. */
function read(value: unknown): Decimal | undefined {
  return typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string'
    ? toDecimal(value)
    : undefined;
}

function arithmetic(op: unknown, a: unknown, b: unknown): string | null {
  const [x, y] = [read(a), read(b)];
  if (!x || !y || typeof op !== 'string') return null;
  // Division by zero is an error the compiled SQL reports itself, as a condition beside the value.
  if (op === '/' && y.units === 0n) return null;
  const result = decimalArithmetic(op, x, y);
  return result ? decimalText(result) : null;
}

function compare(a: unknown, b: unknown): bigint | null {
  const [x, y] = [read(a), read(b)];
  return x && y ? BigInt(compareDecimal(x, y)) : null;
}

/**
 * A text that sorts, byte by byte, as the decimal does: a sign class ("0" negative, "1" zero,
 * "2" positive), the position of the first significant digit (so 10 sorts after 9.99), then the
 * digits, which for a negative number are complemented and closed by "~" (so -10 sorts before
 * -9 and -0.51 before -0.5).
 */
export function decimalSortKey(value: unknown): string | null {
  const d = read(value);
  if (!d) return null;
  if (d.units === 0n) return '1';
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().replace(/0+$/, '');
  const magnitude = (negative ? -d.units : d.units).toString().length - d.scale;
  // Magnitudes from -49999 to 49999 keep five digits; beyond that, no stored decimal reaches.
  const position = String(magnitude + 50_000).padStart(6, '0');
  if (!negative) return `2${position}${digits}`;
  const flipped = (s: string) => [...s].map((ch) => String(9 - Number(ch))).join('');
  return `0${flipped(position)}${flipped(digits)}~`;
}

/** Registers the decimal functions on an SQLite connection (better-sqlite3). */
export function registerDecimalFunctions(db: SqliteFunctionHost): void {
  const options = { deterministic: true, safeIntegers: true };
  db.function(SQLITE_DECIMAL.arithmetic, options, arithmetic as (...args: never[]) => unknown);
  db.function(SQLITE_DECIMAL.compare, options, compare as (...args: never[]) => unknown);
  db.function(SQLITE_DECIMAL.sortKey, options, decimalSortKey as (...args: never[]) => unknown);
  for (const [fn, name] of Object.entries(SQLITE_DECIMAL_AGGREGATES)) {
    const step = DECIMAL_AGGREGATE_STEPS[fn as keyof typeof SQLITE_DECIMAL_AGGREGATES];
    db.aggregate(name, { ...options, start: null, step });
  }
}
