import { dateIn } from '../dates/zone-dates.js';

/** The parts a number format may hold besides its text: `INV-{yyyy}-{nnnn}`. */
export const NUMBER_PLACEHOLDERS = ['{n}', '{nnnn}', '{yyyy}', '{yy}', '{mm}', '{dd}'] as const;

const PART = /\{([^{}]*)\}/g;
const NUMBER = /^n+$/;
const DATE_PARTS = new Set(['yyyy', 'yy', 'mm', 'dd']);

/**
 * What is wrong with a number format, as the end of a sentence (`has no {n}`), or undefined when
 * it is sound: exactly one number part (`{n}`, or `{nnnn}` for at least four digits), date parts
 * `{yyyy}`, `{yy}`, `{mm}`, `{dd}`, and no other braces.
 */
export function numberFormatProblem(format: string): string | undefined {
  const parts = [...format.matchAll(PART)].map((m) => m[1]!);
  const unknown = parts.find((p) => !NUMBER.test(p) && !DATE_PARTS.has(p));
  if (unknown !== undefined) return `has \`{${unknown}}\`, which is not a part of a number`;
  if (format.replace(PART, '').match(/[{}]/)) return 'has a brace that opens or closes nothing';
  const numbers = parts.filter((p) => NUMBER.test(p)).length;
  if (numbers === 0) return 'has no `{n}` for the number';
  if (numbers > 1) return 'has more than one number part';
  return undefined;
}

/**
 * The series a number belongs to under a format on a day: the format with its date parts filled
 * in (`INV-2025-{n}`), so that a new year (or month, or day) starts again at 1.
 */
export function numberSeries(format: string, now: Date, timeZone?: string): string {
  const [yyyy, mm, dd] = dateIn(now.getTime(), timeZone).split('-') as [string, string, string];
  const parts: Record<string, string> = { yyyy, yy: yyyy.slice(-2), mm, dd };
  return format.replace(PART, (whole, part: string) => parts[part] ?? whole);
}

/** The value of a numbered text field: its series with the number written in (zero-padded). */
export function formatNumber(series: string, n: number): string {
  return series.replace(PART, (whole, part: string) =>
    NUMBER.test(part) ? String(n).padStart(part.length, '0') : whole,
  );
}
