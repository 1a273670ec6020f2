import { isCalendarDate } from './calendar-date.js';
import { canonicalDecimal, fromMinorUnits, toMinorUnits } from './decimal-text.js';
import { numberText } from './exact-number.js';
import type { FieldCheck } from './field-check.js';
import { canonicalEmail, emailProblem } from './email-address.js';
import { readFileList } from './file-list-value.js';
import { readFileUpload } from './file-value.js';
import { canonicalInstant } from './instant-text.js';
import { entityWords } from '../words/names-in-words.js';

/** A value checked against its field's type, in canonical wire form, or why it does not fit. */
export type Checked = { ok: true; value: unknown } | { ok: false; reason: string };

const ok = (value: unknown): Checked => ({ ok: true, value });
const bad = (reason: string): Checked => ({ ok: false, reason });

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// A JSON number is taken as written: the body parser keeps those a double would round exactly.
const decimalText = (value: unknown) => (typeof value === 'string' ? value : numberText(value));

function money(value: unknown, scale: number): Checked {
  const text = decimalText(value);
  const units = text === undefined ? undefined : toMinorUnits(text, scale);
  if (units === undefined)
    return bad(
      scale === 0 ? 'must be a whole amount' : `must be an amount with at most ${scale} decimals`,
    );
  return ok(fromMinorUnits(units, scale));
}

function ids(value: unknown, what: string): Checked {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== ''))
    return bad(`must be a list of ${what}`);
  return new Set(value).size === value.length ? ok(value) : bad('names the same one twice');
}

/** Values in prose: `low, normal or high`. */
function prose(values: readonly string[], conjunction: string): string {
  if (values.length < 2) return values.join('');
  return `${values.slice(0, -1).join(', ')} ${conjunction} ${values.at(-1)}`;
}

/**
 * Checks a non-null value against the field's type; references are checked to exist later. The
 * reason is worded for the person who typed the value, to follow the field's label.
 */
export function checkValue(check: FieldCheck, value: unknown, roles: readonly string[]): Checked {
  const type = check.field.type;
  const text = typeof value === 'string';
  switch (type.kind) {
    case 'text':
    case 'longText':
      return text ? ok(value) : bad('must be text');
    case 'file': {
      const read = readFileUpload(value, check.field.name);
      return read.ok ? ok(read.upload) : bad(read.reason);
    }
    case 'files': {
      const read = readFileList(value, check.field.name);
      return read.ok ? ok(read.items) : bad(read.reason);
    }
    case 'email': {
      const email = text ? canonicalEmail(value) : undefined;
      const problem = email === undefined ? 'must be an email address' : emailProblem(email);
      return problem === undefined ? ok(email) : bad(problem);
    }
    case 'url':
      return text && isUrl(value)
        ? ok(value)
        : bad('must be a web address starting with http:// or https://');
    case 'integer':
      if (Number.isSafeInteger(value)) return ok(value);
      return bad(Number.isInteger(value) ? 'is too large a number' : 'must be a whole number');
    case 'decimal': {
      const raw = decimalText(value);
      const canonical = raw === undefined ? undefined : canonicalDecimal(raw);
      return canonical === undefined ? bad('must be a number') : ok(canonical);
    }
    case 'money':
      return money(value, check.scale ?? 2);
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : bad('must be yes or no');
    case 'date':
      return text && isCalendarDate(value)
        ? ok(value)
        : bad('must be a date written as 2025-06-30');
    case 'datetime': {
      const c = canonicalInstant(value);
      return c.ok && !(value instanceof Date)
        ? ok(c.value)
        : bad('must be a date and time with its time zone');
    }
    case 'enum':
      return text && type.values.includes(value)
        ? ok(value)
        : bad(`must be one of ${prose(type.values, 'or')}`);
    case 'reference':
      return text && value !== ''
        ? ok(value)
        : bad(`must name an existing ${entityWords(type.entity)}`);
    case 'list':
      return ids(value, `${entityWords(type.entity)} ids`);
    case 'roles': {
      const checked = ids(value, 'roles');
      const known = checked.ok && (value as string[]).every((r) => roles.includes(r));
      return known || !checked.ok ? checked : bad(`may only name the roles ${prose(roles, 'and')}`);
    }
    default:
      return bad('cannot be set');
  }
}
