/** The offset of a time zone from UTC at an instant, in milliseconds (Paris in summer: +2h). */
function offsetAt(ms: number, timeZone: string): number {
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

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time names in a time zone: "2025-03-01T14:30" in Europe/Paris →
 * "2025-03-01T13:30:00.000Z". Undefined when the text is not such a time.
 */
export function wallTimeToInstant(local: string, timeZone: string): string | undefined {
  const m = LOCAL.exec(local);
  if (!m) return undefined;
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(asUtc)) return undefined;
  // Twice: the offset guessed from the wall time may differ across a daylight-saving change.
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

/** The wall-clock time of an instant in a time zone, as a datetime-local input holds it. */
export function instantToWallTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + offsetAt(ms, timeZone)).toISOString().slice(0, 16);
}

/** Today's date in a time zone, "YYYY-MM-DD". */
export function todayIn(timeZone: string, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
}
