const DAY_MS = 86_400_000;

/** The calendar date of a value: "2024-05-01" from such a string, an ISO datetime or a Date. */
export function toIsoDate(value: unknown): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  return value.slice(0, 10);
}

/** The instant a stored value stands for, in ms: from a Date or ISO text; NaN from anything else. */
export function instantMillis(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === 'string' ? Date.parse(value) : NaN;
}

/** Days since 1970-01-01 of a "YYYY-MM-DD" date. */
export function dateToDays(date: string): number {
  return Math.floor(
    Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS,
  );
}

/** The "YYYY-MM-DD" date that many days after 1970-01-01. */
export function daysToDate(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

// Making an Intl.DateTimeFormat costs far more than using one, and a request may ask for
// today's date several times: one formatter per zone is kept. An unknown zone is kept as UTC's.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const offsetFormats = new Map<string, Intl.DateTimeFormat | null>();

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** The date it is at `ms` in a time zone (UTC when the zone is unknown). */
export function dateInZone(ms: number, timeZone = 'UTC'): string {
  return dateFormat(timeZone).format(ms);
}

/** The instant a date starts in a time zone, so that dates compare with timestamps as people expect. */
export function startOfDate(date: string, timeZone = 'UTC'): number {
  const utcMidnight = dateToDays(date) * DAY_MS;
  const guess = utcMidnight - zoneOffset(utcMidnight, timeZone);
  return utcMidnight - zoneOffset(guess, timeZone);
}

function offsetFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      format = null;
    }
    offsetFormats.set(timeZone, format);
  }
  return format;
}

function zoneOffset(ms: number, timeZone: string): number {
  const format = offsetFormat(timeZone);
  if (!format) return 0;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format.formatToParts(ms);
  } catch {
    return 0; // an instant outside the range dates can show
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return local - Math.floor(ms / 1000) * 1000;
}

export { DAY_MS };
