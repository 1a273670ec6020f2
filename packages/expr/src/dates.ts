// Calendar arithmetic on "YYYY-MM-DD" dates; dates in a time zone are @specrun/model's
// (dateIn, startOfDate), shared with the server's checks and the web app.

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

export { DAY_MS };
