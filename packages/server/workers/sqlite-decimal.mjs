// The decimal functions of compiled SQL (sr_decimal, sr_decimal_cmp, sr_decimal_key, and the
// aggregates sr_decimal_sum, sr_decimal_min, sr_decimal_max) for the
// read-only worker connection (sqlite-reads.mjs), which runs as plain JavaScript and cannot load
// the TypeScript of @specrun/expr. The main connection registers expr's own functions
// (packages/expr/src/sql/sqlite-decimal-functions.ts); a property test keeps the two answering
// alike (test/store/sqlite-decimal-worker.test.ts). Keep them in step.

const PLACES = 20;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

function read(value) {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number') return Number.isFinite(value) ? read(String(value)) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const fraction = match[3] ?? '';
  const magnitude = BigInt(`${match[2] || '0'}${fraction}`);
  const units = match[1] === '-' ? -magnitude : magnitude;
  const scale = fraction.length - Number(match[4] ?? 0);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

const at = (d, scale) => d.units * 10n ** BigInt(scale - d.scale);

function halfEven(n, d) {
  const q = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  const divisor = d < 0n ? -d : d;
  if (twice < divisor || (twice === divisor && q % 2n === 0n)) return q;
  return q + (n < 0n === d < 0n ? 1n : -1n);
}

function text({ units, scale }) {
  while (scale > 0 && units % 10n === 0n) [units, scale] = [units / 10n, scale - 1];
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${fraction}`;
}

export function decimalArithmetic(op, a, b) {
  const x = read(a);
  const y = read(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  switch (op) {
    case '+':
      return text({ units: at(x, scale) + at(y, scale), scale });
    case '-':
      return text({ units: at(x, scale) - at(y, scale), scale });
    case '*': {
      const product = { units: x.units * y.units, scale: x.scale + y.scale };
      if (product.scale <= PLACES) return text(product);
      return text({
        units: halfEven(product.units, 10n ** BigInt(product.scale - PLACES)),
        scale: PLACES,
      });
    }
    case '/': {
      if (y.units === 0n) return null;
      const shift = PLACES + y.scale - x.scale;
      const n = shift >= 0 ? x.units * 10n ** BigInt(shift) : x.units;
      const d = shift >= 0 ? y.units : y.units * 10n ** BigInt(-shift);
      return text({ units: halfEven(n, d), scale: PLACES });
    }
    default:
      return null;
  }
}

export function decimalCompare(a, b) {
  const x = read(a);
  const y = read(b);
  if (!x || !y) return null;
  const scale = Math.max(x.scale, y.scale);
  const [p, q] = [at(x, scale), at(y, scale)];
  return p < q ? -1n : p > q ? 1n : 0n;
}

export function decimalSortKey(value) {
  const d = read(value);
  if (!d) return null;
  if (d.units === 0n) return '1';
  const negative = d.units < 0n;
  const magnitudeDigits = (negative ? -d.units : d.units).toString();
  const digits = magnitudeDigits.replace(/0+$/, '');
  const position = String(magnitudeDigits.length - d.scale + 50_000).padStart(6, '0');
  if (!negative) return `2${position}${digits}`;
  const flipped = (s) => [...s].map((ch) => String(9 - Number(ch))).join('');
  return `0${flipped(position)}${flipped(digits)}~`;
}

// The aggregates' steps (sr_decimal_sum, sr_decimal_min, sr_decimal_max): NULLs left out, no
// value at all NULL, as expr's sqlite-decimal-aggregates.ts.
function exact(value) {
  if (typeof value !== 'bigint' && typeof value !== 'string') return undefined;
  const d = read(value);
  return d ? text(d) : undefined;
}

export function decimalSumStep(total, next) {
  const value = exact(next);
  if (value === undefined) return total;
  return total === null ? value : decimalArithmetic('+', total, value);
}

const keep = (wanted) => (total, next) => {
  const value = exact(next);
  if (value === undefined) return total;
  return total === null || decimalCompare(value, total) === wanted ? value : total;
};
export const decimalMinStep = keep(-1n);
export const decimalMaxStep = keep(1n);

/** Registers the functions and aggregates on a better-sqlite3 connection. */
export function registerDecimalFunctions(db) {
  const options = { deterministic: true, safeIntegers: true };
  db.function('sr_decimal', options, decimalArithmetic);
  db.function('sr_decimal_cmp', options, decimalCompare);
  db.function('sr_decimal_key', options, decimalSortKey);
  db.aggregate('sr_decimal_sum', { ...options, start: null, step: decimalSumStep });
  db.aggregate('sr_decimal_min', { ...options, start: null, step: decimalMinStep });
  db.aggregate('sr_decimal_max', { ...options, start: null, step: decimalMaxStep });
}
