const DAY_MS = 86_400_000;

/** The calendar date of a value: "2024-05-01" from such a string, an ISO datetime or a Date. */
export function toIsoDate(value: unknown): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  return value.slice(0, 10);
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

/** The date it is at `ms` in a time zone (UTC when the zone is unknown). */
export function dateInZone(ms: number, timeZone = 'UTC'): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(ms);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The instant a date starts in a time zone, so that dates compare with timestamps as people expect. */
export function startOfDate(date: string, timeZone = 'UTC'): number {
  const utcMidnight = dateToDays(date) * DAY_MS;
  const guess = utcMidnight - zoneOffset(utcMidnight, timeZone);
  return utcMidnight - zoneOffset(guess, timeZone);
}

function zoneOffset(ms: number, timeZone: string): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(ms);
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
  } catch {
    return 0;
  }
}

export { DAY_MS };
