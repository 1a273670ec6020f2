import { isFileDescription, knownTimeZone, type AppModel, type Field } from '@specrun/model';
import { currencyOf } from '../model/entities.js';
import { formatInteger } from './format-integer.js';
import { sentence, words } from '../model/names.js';

/**
 * How the application writes dates and numbers: section 1's language and time zone (UTC when
 * the browser does not know the zone, as everywhere dates are placed in it).
 */
export interface Locale {
  language: string;
  timeZone: string;
}

export function localeOf(model: AppModel): Locale {
  return {
    language: model.properties.language ?? 'en',
    timeZone: knownTimeZone(model.properties.timeZone),
  };
}

// Formatters are costly to build: one per language, zone and style, kept for the session.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key);
  if (!f) cache.set(key, (f = make()));
  return f as T;
}

/** "2025-03-01" → "1 Mar 2025" (en-GB) or "Mar 1, 2025" (en): a calendar date, in no time zone. */
export function formatDate(text: string, locale: Locale): string {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms)) return text;
  const f = cached(
    `d:${locale.language}`,
    () => new Intl.DateTimeFormat(locale.language, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  return f.format(ms);
}

/** An instant in the application's time zone: "1 Mar 2025, 15:30". */
export function formatDateTime(iso: string, locale: Locale): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const f = cached(
    `t:${locale.language}:${locale.timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: locale.timeZone,
      }),
  );
  return f.format(ms);
}

/**
 * An amount with its currency, from its exact decimal text: "1234.50" → "€1,234.50". The text is
 * given to Intl as a string, which formats it exactly (no binary float is involved).
 */
export function formatMoney(amount: string, currency: string | undefined, locale: Locale): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return amount;
  const key = `m:${locale.language}:${currency ?? ''}`;
  const f = cached(key, () =>
    currency
      ? new Intl.NumberFormat(locale.language, { style: 'currency', currency })
      : new Intl.NumberFormat(locale.language, { minimumFractionDigits: 2 }),
  );
  return f.format(amount as Intl.StringNumericLiteral);
}

/** A decimal from its exact text, grouped the application's way. */
export function formatDecimal(text: string, locale: Locale): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const f = cached(
    `n:${locale.language}`,
    () => new Intl.NumberFormat(locale.language, { maximumFractionDigits: 20 }),
  );
  return f.format(text as Intl.StringNumericLiteral);
}

/**
 * A value of a field as plain text (no links): what tables, titles and screen readers say.
 * References are named by the caller, who knows the referenced records.
 */
export function formatPlain(model: AppModel, field: Field, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type.kind) {
    case 'money':
      return formatMoney(String(value), currencyOf(model, field), locale);
    case 'decimal':
      return formatDecimal(String(value), locale);
    case 'integer':
      return typeof value === 'number' || typeof value === 'string'
        ? formatInteger(field, value, locale.language)
        : String(value);
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'date':
      return formatDate(String(value), locale);
    case 'datetime':
      return formatDateTime(String(value), locale);
    case 'enum':
    case 'state':
      return sentence(words(String(value)));
    case 'roles':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'file':
      return isFileDescription(value) ? value.name : String(value);
    case 'files':
      return Array.isArray(value)
        ? value.map((f) => (isFileDescription(f) ? f.name : String(f))).join(', ')
        : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
