// Making an Intl.DateTimeFormat costs far more than using one, and a request may ask for today's
// date several times: one formatter of each kind is kept per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const wallFormats = new Map<string, Intl.DateTimeFormat | null>();

/** Whether this runtime knows the IANA time zone (`Europe/Paris`; not `Mars/Olympus`). */
export function isKnownTimeZone(timeZone: string): boolean {
  return wallFormat(timeZone) !== null;
}

/** Formats an instant as its "YYYY-MM-DD" date in a known zone. */
export function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** Formats an instant as the parts of its wall-clock time in a zone; null for an unknown zone. */
export function wallFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = wallFormats.get(timeZone);
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
    wallFormats.set(timeZone, format);
  }
  return format;
}
