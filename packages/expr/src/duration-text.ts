const UNIT_MS: Record<string, number> = {
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
  us: 0.001,
  µs: 0.001,
  ns: 0.000_001,
};

const PART = /(\d+(?:\.\d+)?|\.\d+)(ms|us|µs|ns|d|h|m|s)/y;

/**
 * Milliseconds of a duration written as CEL writes them ("1h30m", "-1.5h", "300ms"), plus days
 * ("90d") as section 9 writes them; undefined when the text is not a duration.
 */
export function parseDurationText(text: string): number | undefined {
  let at = 0;
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    sign = text.startsWith('-') ? -1 : 1;
    at = 1;
  }
  if (text.slice(at) === '0') return 0;
  let total = 0;
  let parts = 0;
  while (at < text.length) {
    PART.lastIndex = at;
    const match = PART.exec(text);
    if (!match) return undefined;
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    at = PART.lastIndex;
    parts++;
  }
  return parts === 0 ? undefined : sign * total;
}
