/** An exact decimal number: `units / 10^scale`. Money never touches a float. */
export type Decimal = { units: bigint; scale: number };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Parses "12.50", "-3", ".5"; numbers go through their shortest exact decimal form. */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // String() is the shortest exact form; only exponent forms need toFixed.
    const text =
      Math.abs(value) < 1e21 && !String(value).includes('e') ? String(value) : value.toFixed(20);
    return toDecimal(text);
  }
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2] || '0'}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

/** Brings a decimal to a larger scale. */
export function rescale(d: Decimal, scale: number): Decimal {
  return scale <= d.scale ? d : { units: d.units * 10n ** BigInt(scale - d.scale), scale };
}

/** a + b, exactly. */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
}

/** a × b, exactly: the scale grows to a.scale + b.scale, no digit is dropped. */
export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/**
 * n ÷ d to a whole number, rounded half to even ("banker's rounding"): 2.5 → 2, 3.5 → 4,
 * -2.5 → -2. Symmetric about zero, so a refund rounds as its charge does. Throws when d is 0.
 */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new Error('division by zero');
  const quotient = n / d; // BigInt division truncates towards zero, as SQL's integer `/` does.
  const remainder = n % d;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  const divisor = d < 0n ? -d : d;
  if (twice < divisor || (twice === divisor && quotient % 2n === 0n)) return quotient;
  return quotient + (n < 0n === d < 0n ? 1n : -1n);
}

/** d with exactly `scale` digits after the point, rounded half to even when digits are dropped. */
export function roundDecimal(d: Decimal, scale: number): Decimal {
  if (d.scale <= scale) return rescale(d, scale);
  return { units: divideHalfEven(d.units, 10n ** BigInt(d.scale - scale)), scale };
}

/** a ÷ b with `scale` digits after the point, rounded half to even. Throws when b is 0. */
export function divideDecimal(a: Decimal, b: Decimal, scale: number): Decimal {
  // a ÷ b = (a.units × 10^(b.scale - a.scale)) ÷ b.units; shifted by 10^scale to keep `scale` digits.
  const shift = scale + b.scale - a.scale;
  const n = shift >= 0 ? a.units * 10n ** BigInt(shift) : a.units;
  const d = shift >= 0 ? b.units : b.units * 10n ** BigInt(-shift);
  return { units: divideHalfEven(n, d), scale };
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale).units;
  const y = rescale(b, scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The decimal written out: "12.50", "-0.05". */
export function formatDecimal(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = d.scale > 0 ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
