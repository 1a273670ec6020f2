import { dateFormat, isKnownTimeZone, wallFormat } from './zone-formats.js';

// Dates in the application's time zone (section 1's `Time zone`), one behaviour for the server,
// the expressions and the web app. The reader refuses a zone it does not know (`bad-property`);
// a zone the runtime at hand does not know (an older browser's) is taken as UTC, never an error.

/** The zone itself when this runtime knows it, else UTC. */
export function knownTimeZone(timeZone: string | undefined): string {
  return timeZone !== undefined && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

// The last date formatted in each zone, with the second it was for. Formatting costs several
// microseconds, and every write checking a date rule asks for today: in a busy second, once.
// No zone's offset has a fraction of a second, so a date never changes within one.
const lastDates = new Map<string, { second: number; date: string }>();

/** The "YYYY-MM-DD" date it is at `ms` in a time zone. */
export function dateIn(ms: number, timeZone = 'UTC'): string {
  const zone = knownTimeZone(timeZone);
  const second = Math.floor(ms / 1000);
  const last = lastDates.get(zone);
  if (last !== undefined && last.second === second) return last.date;
  const date = dateFormat(zone).format(ms);
  lastDates.set(zone, { second, date });
  return date;
}

/** How far the zone's wall clock is ahead of UTC at `ms`, in milliseconds (Paris in summer: 2h). */
export function zoneOffset(ms: number, timeZone: string): number {
  const format = wallFormat(timeZone);
  if (!format) return 0;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format.formatToParts(ms);
  } catch {
    return 0; // an instant outside the range dates can show
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant the zone's wall clock shows `wall` (a wall-clock time written as if in UTC). */
function instantOfWall(wall: number, timeZone: string): number {
  // Twice: the offset guessed from the wall time may differ across a daylight-saving change.
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

/** The instant, in ms, a "YYYY-MM-DD" date starts in a time zone. */
export function startOfDate(date: string, timeZone = 'UTC'): number {
  const midnight = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
  return instantOfWall(midnight, timeZone);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time names in a time zone: "2025-03-01T14:30" in Europe/Paris →
 * "2025-03-01T13:30:00.000Z". Undefined when the text is not such a time.
 */
export function wallTimeToInstant(local: string, timeZone: string): string | undefined {
  const m = WALL_TIME.exec(local);
  if (!m) return undefined;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(wall)) return undefined;
  return new Date(instantOfWall(wall, timeZone)).toISOString();
}

/** The wall-clock time of an instant in a time zone, "YYYY-MM-DDTHH:MM"; empty for no instant. */
export function instantToWallTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + zoneOffset(ms, timeZone)).toISOString().slice(0, 16);
}
