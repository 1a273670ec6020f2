/** An exact decimal number: `units / 10^scale`. Money never touches a float. */
export type Decimal = { units: bigint; scale: number };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/**
 * Parses "12.50", "-3", ".5", "1.5e-7"; numbers go through their shortest exact decimal form
 * (String(0.1) is "0.1": a literal or a constant of up to 15 significant digits is read back
 * exactly as written).
 */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number')
    return Number.isFinite(value) ? toDecimal(String(value)) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const fraction = match[3] ?? '';
  const magnitude = BigInt(`${match[2] || '0'}${fraction}`);
  const units = match[1] === '-' ? -magnitude : magnitude;
  const exponent = Number(match[4] ?? 0);
  const scale = fraction.length - exponent;
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
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

/**
 * The most digits after the point a decimal product or quotient keeps (docs/spec-language.md,
 * "Decimal arithmetic"): beyond it, the result is rounded half to even. Sums and differences
 * are exact whatever their operands' digits.
 */
export const DECIMAL_PLACES = 20;

/** The decimal without trailing zeros after the point: 2.50 is 2.5, 3.0 is 3. */
export function trimDecimal(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return { units, scale };
}

/** The decimal in its canonical text, as the store keeps it: "0.3", "-12.5", "3". */
export function decimalText(d: Decimal): string {
  return formatDecimal(trimDecimal(d));
}

/**
 * `a op b` for decimals (and integers read as decimals), the language's decimal arithmetic:
 * + and − exact; × exact up to DECIMAL_PLACES digits after the point, rounded half to even
 * beyond; ÷ rounded half to even to DECIMAL_PLACES digits. Throws on division by zero;
 * undefined for an operator decimals do not have (%).
 */
export function decimalArithmetic(op: string, a: Decimal, b: Decimal): Decimal | undefined {
  switch (op) {
    case '+':
      return trimDecimal(addDecimal(a, b));
    case '-':
      return trimDecimal(addDecimal(a, { ...b, units: -b.units }));
    case '*': {
      const product = multiplyDecimal(a, b);
      const bounded =
        product.scale > DECIMAL_PLACES ? roundDecimal(product, DECIMAL_PLACES) : product;
      return trimDecimal(bounded);
    }
    case '/':
      return trimDecimal(divideDecimal(a, b, DECIMAL_PLACES));
    default:
      return undefined;
  }
}

/** The decimal truncated towards zero to a whole number, as CEL's int() truncates a double. */
export function truncateDecimal(d: Decimal): bigint {
  return d.units / 10n ** BigInt(d.scale);
}
