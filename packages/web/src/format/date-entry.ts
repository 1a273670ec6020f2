/**
 * Dates typed as section 1's Language writes them: day first in en-GB (03/12/2026), month first
 * in en (12/03/2026), year first in sv or ja. The form keeps the value as the API's calendar date
 * ("2026-12-03") or wall-clock time ("2026-12-03T14:30"); only the text shown and typed follows
 * the language. ISO text ("2026-12-03", "2026-12-03T14:30") is read in every language, as pasted.
 */

type Part = 'day' | 'month' | 'year';

/** How a language writes a date in figures: its parts' order, separator, and hour cycle. */
export interface DateEntry {
  order: readonly Part[];
  separator: string;
  /** Times written on a 12-hour clock with am/pm (en-US), else on a 24-hour one. */
  twelveHour: boolean;
}

const SAMPLE = Date.UTC(2025, 5, 30);
const entries = new Map<string, DateEntry>();

/** How `language` writes a date in figures, worked out once from Intl. */
export function dateEntry(language: string): DateEntry {
  const known = entries.get(language);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(SAMPLE);
  const order = parts
    .map((p) => p.type)
    .filter((t): t is Part => t === 'day' || t === 'month' || t === 'year');
  const literal = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
  const hours = new Intl.DateTimeFormat(language, { hour: 'numeric', timeZone: 'UTC' });
  const entry: DateEntry = {
    order: order.length === 3 ? order : ['year', 'month', 'day'],
    separator: literal.slice(0, 1),
    twelveHour: hours.resolvedOptions().hour12 === true,
  };
  entries.set(language, entry);
  return entry;
}

const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

/** A calendar date ("2026-12-03") as the language writes it ("03/12/2026"); else as given. */
export function showDate(iso: string, entry: DateEntry): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const of = { year: m[1]!, month: m[2]!, day: m[3]! };
  return entry.order.map((p) => of[p]).join(entry.separator);
}

/** A wall-clock time ("2026-12-03T14:30") as the language writes it ("03/12/2026 14:30"). */
export function showDateTime(wall: string, entry: DateEntry): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return wall;
  const hour = Number(m[2]);
  const time = entry.twelveHour
    ? `${((hour + 11) % 12) + 1}:${m[3]} ${hour < 12 ? 'AM' : 'PM'}`
    : `${m[2]}:${m[3]}`;
  return `${showDate(m[1]!, entry)} ${time}`;
}

/** Whether year, month and day make a real calendar date from year 1 to 9999. */
function realDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A date typed in the language's order ("3/12/2026", "03.12.2026") or as ISO ("2026-12-03"), as
 * the API's "2026-12-03"; undefined when it does not read as a real date with a four-digit year.
 */
export function readDate(typed: string, entry: DateEntry): string | undefined {
  const groups = typed
    .trim()
    .split(/[^0-9]+/)
    .filter(Boolean);
  if (groups.length !== 3) return undefined;
  const iso = groups[0]!.length === 4;
  const order: readonly Part[] = iso ? ['year', 'month', 'day'] : entry.order;
  const of: Partial<Record<Part, string>> = {};
  order.forEach((part, i) => (of[part] = groups[i]));
  if (of.year?.length !== 4 || of.month!.length > 2 || of.day!.length > 2) return undefined;
  const [year, month, day] = [Number(of.year), Number(of.month), Number(of.day)];
  if (!realDate(year, month, day)) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * A date and time typed in the language's order ("3/12/2026 14:30", "12/3/2026 2:30 pm") or as
 * ISO ("2026-12-03T14:30"), as the wall-clock "2026-12-03T14:30"; undefined when it does not read.
 */
export function readDateTime(typed: string, entry: DateEntry): string | undefined {
  const m = /^(.*?\d)[T,\s]+(\d{1,2})[:.](\d{2})\s*([ap]\.?m\.?)?$/i.exec(typed.trim());
  if (!m) return undefined;
  const date = readDate(m[1]!, entry);
  let hour = Number(m[2]);
  const minute = Number(m[3]);
  const half = m[4]?.toLowerCase().startsWith('p') ? 'pm' : m[4] ? 'am' : undefined;
  if (half && (hour < 1 || hour > 12)) return undefined;
  if (half) hour = (hour % 12) + (half === 'pm' ? 12 : 0);
  if (!date || hour > 23 || minute > 59) return undefined;
  return `${date}T${pad(hour)}:${pad(minute)}`;
}

/** A date as the language writes it, to show how to type one: "30/06/2025" in en-GB. */
export const dateExample = (entry: DateEntry): string => showDate('2025-06-30', entry);

/** A date and time as the language writes it: "30/06/2025 14:05", "06/30/2025 2:05 PM". */
export const dateTimeExample = (entry: DateEntry): string =>
  showDateTime('2025-06-30T14:05', entry);
