/** Exact decimal numbers as text, and money as integer minor units. No float is involved. */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

interface DecimalParts {
  negative: boolean;
  whole: string;
  fraction: string;
}

function parts(text: string): DecimalParts | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const whole = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = /^0*$/.test(whole + fraction);
  return { negative: match[1] === '-' && !zero, whole, fraction };
}

/** "012.500" → "12.5", "-0" → "0"; undefined when the text is not a plain decimal. */
export function canonicalDecimal(text: string): string | undefined {
  const p = parts(text);
  if (!p) return undefined;
  return `${p.negative ? '-' : ''}${p.whole}${p.fraction ? `.${p.fraction}` : ''}`;
}

/** "12.50" at scale 2 → 1250n; undefined when the text has more significant digits than scale. */
export function toMinorUnits(text: string, scale: number): bigint | undefined {
  const p = parts(text);
  if (!p || p.fraction.length > scale) return undefined;
  const units = BigInt(p.whole + p.fraction.padEnd(scale, '0'));
  return p.negative ? -units : units;
}

/** 1250n at scale 2 → "12.50"; always exactly `scale` digits after the point. */
export function fromMinorUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
