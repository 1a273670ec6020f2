import { isCalendarDate } from './calendar-date.js';
import { canonicalDecimal, fromMinorUnits, toMinorUnits } from './decimal-text.js';
import { numberText } from './exact-number.js';
import type { FieldCheck } from './field-check.js';
import { canonicalEmail, emailProblem } from './email-address.js';
import { readFileUpload } from './file-value.js';
import { canonicalInstant } from './instant-text.js';

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
  if (units === undefined) return bad(`must be an amount with at most ${scale} decimals`);
  return ok(fromMinorUnits(units, scale));
}

function ids(value: unknown): Checked {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && v !== ''))
    return bad('must be a list of ids');
  return new Set(value).size === value.length ? ok(value) : bad('lists an item twice');
}

/** Checks a non-null value against the field's type; references are checked to exist later. */
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
    case 'email': {
      const email = text ? canonicalEmail(value) : undefined;
      const problem = email === undefined ? 'must be an email address' : emailProblem(email);
      return problem === undefined ? ok(email) : bad(problem);
    }
    case 'url':
      return text && isUrl(value) ? ok(value) : bad('must be an http or https address');
    case 'integer':
      return Number.isSafeInteger(value) ? ok(value) : bad('must be a whole number in range');
    case 'decimal': {
      const raw = decimalText(value);
      const canonical = raw === undefined ? undefined : canonicalDecimal(raw);
      return canonical === undefined ? bad('must be a decimal number') : ok(canonical);
    }
    case 'money':
      return money(value, check.scale ?? 2);
    case 'boolean':
      return typeof value === 'boolean' ? ok(value) : bad('must be true or false');
    case 'date':
      return text && isCalendarDate(value) ? ok(value) : bad('must be a date YYYY-MM-DD');
    case 'datetime': {
      const c = canonicalInstant(value);
      return c.ok && !(value instanceof Date) ? ok(c.value) : bad('must be an ISO-8601 instant');
    }
    case 'enum':
      return text && type.values.includes(value) ? ok(value) : bad('is not one of the values');
    case 'reference':
      return text && value !== '' ? ok(value) : bad('must be an id');
    case 'list':
      return ids(value);
    case 'roles': {
      const checked = ids(value);
      const known = checked.ok && (value as string[]).every((r) => roles.includes(r));
      return known ? checked : bad('must be a list of roles');
    }
    default:
      return bad('cannot be set');
  }
}
