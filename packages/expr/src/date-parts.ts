import { wallTimeToInstant } from '@specrun/model';

// Dates and instants made from their parts: `date(2025, 1, 31)`, `timestamp(date, 9, 30)`. One
// rule for the checker (literal parts), evaluate() and the compiled SQL: years 1 to 9999, months
// 1 to 12, the days the month has; hours 0 to 23 and minutes 0 to 59 on the application's wall
// clock.

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The "YYYY-MM-DD" date of these parts, or undefined when there is no such date. */
export function dateOfParts(year: number, month: number, day: number): string | undefined {
  if (![year, month, day].every(Number.isInteger)) return undefined;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > daysInMonth(year, month)) return undefined;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Days in a month, leap years by the Gregorian rule. */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** True for a time of day on a wall clock: hours 0 to 23, minutes 0 to 59. */
export function isTimeOfDay(hour: number, minute: number): boolean {
  return (
    Number.isInteger(hour) &&
    Number.isInteger(minute) &&
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60
  );
}

/**
 * The instant (ms) the application's wall clock shows `hour:minute` on `date`; undefined when
 * the time is not a time of day. A time a daylight-saving change skips is read with the offset
 * before the change, as the web app's date-time input reads it (wallTimeToInstant).
 */
export function instantOfParts(
  date: string,
  hour: number,
  minute: number,
  timeZone = 'UTC',
): number | undefined {
  if (!isTimeOfDay(hour, minute)) return undefined;
  const iso = wallTimeToInstant(`${date}T${pad(hour, 2)}:${pad(minute, 2)}`, timeZone);
  return iso === undefined ? undefined : Date.parse(iso);
}
