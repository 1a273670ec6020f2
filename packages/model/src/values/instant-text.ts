import { isCalendarDate } from './calendar-date.js';

/** An instant as ISO-8601 UTC text with milliseconds, or why the value is not one. */
export type InstantText = { ok: true; value: string } | { ok: false; problem: string };

const DATETIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

const bad = (problem: string): InstantText => ({ ok: false, problem });

/**
 * A Date, or text with a zone ("2024-05-01T09:30+02:00"), as the canonical instant
 * "2024-05-01T07:30:00.000Z". Text more precise than a millisecond, without a zone or outside
 * the years 1 to 9999 is refused.
 */
export function canonicalInstant(value: unknown): InstantText {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? bad('is not a valid date and time')
      : { ok: true, value: value.toISOString() };
  }
  const m = typeof value === 'string' ? DATETIME.exec(value) : null;
  if (
    !m ||
    !isCalendarDate(m[1]!) ||
    Number(m[2]) > 23 ||
    Number(m[3]) > 59 ||
    Number(m[4] ?? 0) > 59
  ) {
    return bad('must be an ISO-8601 date and time with a zone, like 2024-05-01T09:30:00.000Z');
  }
  if (/[1-9]/.test((m[5] ?? '').slice(3))) return bad('is more precise than a millisecond');
  const iso = new Date(value as string).toISOString();
  return /^\d{4}-/.test(iso) ? { ok: true, value: iso } : bad('is outside the years 1 to 9999');
}
