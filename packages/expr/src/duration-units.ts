/**
 * Durations made from a whole number of units: `hours(record.slaHours)`, `days(COURSE_LENGTH)`.
 * The milliseconds of each unit; a day is 24 hours, as in `duration("1d")`.
 */
export const DURATION_UNITS: Readonly<Record<string, number>> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

/** Whether `name` is one of the unit functions. */
export function isDurationUnit(name: string): boolean {
  return Object.hasOwn(DURATION_UNITS, name);
}
