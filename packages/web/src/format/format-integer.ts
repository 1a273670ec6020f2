import type { Field } from '@specrun/model';
import { words } from '../model/names.js';

/**
 * Whether an integer field holds a calendar year: one of the words of its name is "year"
 * (`year`, `birthYear`, `yearOfBirth`; not `years` nor `yearsOfService`, which count). A year is
 * a label, not a quantity: it is never grouped ("1969", not "1,969"). The name is the only sign
 * the model gives; a range such as `min 1450, max 2100` fits a price in cents as well.
 */
export function isYearField(field: Field): boolean {
  return field.type.kind === 'integer' && words(field.name).split(' ').includes('year');
}

// One formatter per language and grouping, kept for the session.
const cache = new Map<string, Intl.NumberFormat>();

/** An integer in the application's language: grouped as a quantity, a year as it is written. */
export function formatInteger(field: Field, value: number | string, language: string): string {
  const grouping = !isYearField(field);
  const key = `${language}:${grouping}`;
  let format = cache.get(key);
  if (!format)
    cache.set(key, (format = new Intl.NumberFormat(language, { useGrouping: grouping })));
  if (typeof value === 'number') return format.format(value);
  return /^-?\d+$/.test(value) ? format.format(value as Intl.StringNumericLiteral) : value;
}
