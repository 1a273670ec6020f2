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

/** a × b, exactly, trimmed back towards `minScale` where the trailing digits are zeros. */
export function multiplyDecimal(a: Decimal, b: Decimal, minScale: number): Decimal {
  let result: Decimal = { units: a.units * b.units, scale: a.scale + b.scale };
  while (result.scale > minScale && result.units % 10n === 0n) {
    result = { units: result.units / 10n, scale: result.scale - 1 };
  }
  return result;
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
