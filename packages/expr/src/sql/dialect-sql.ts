import { sql, type RawBuilder } from 'kysely';
import type { SqlDialect } from './mapping.js';

type Raw = RawBuilder<unknown>;

/** Null-safe equality: CEL's `==`, where null equals null. */
export function nullSafeEquals(d: SqlDialect, a: Raw, b: Raw, negate: boolean): Raw {
  if (d === 'sqlite') return negate ? sql`(${a} IS NOT ${b})` : sql`(${a} IS ${b})`;
  // PostgreSQL has IS NOT DISTINCT FROM, but no index serves it. This form is the same, never
  // NULL, and once the planner folds a bound parameter's `IS NULL` it is `a = b` (or `a IS
  // NULL`), which an index does serve.
  const same = sql`((${a} = ${b} AND ${a} IS NOT NULL AND ${b} IS NOT NULL) OR (${a} IS NULL AND ${b} IS NULL))`;
  return negate ? sql`(NOT ${same})` : same;
}

/** Milliseconds since the epoch of a stored datetime (ISO text on SQLite, timestamptz on PG). */
export function timestampMs(d: SqlDialect, c: Raw): Raw {
  // The store keeps SQLite datetimes as toISOString() text: the milliseconds are characters 21-23.
  if (d === 'sqlite')
    return sql`(CAST(strftime('%s', ${c}) AS INTEGER) * 1000 + CAST(substr(${c}, 21, 3) AS INTEGER))`;
  return sql`CAST(ROUND(EXTRACT(EPOCH FROM ${c}) * 1000) AS bigint)`;
}

/** Milliseconds since the epoch at which a date starts in a time zone. */
export function dateStartMs(d: SqlDialect, date: Raw, timeZone: Raw | undefined): Raw {
  if (d === 'sqlite') return sql`(CAST(strftime('%s', ${date}) AS INTEGER) * 1000)`;
  const zone = timeZone ?? sql`'UTC'`;
  return sql`CAST(ROUND(EXTRACT(EPOCH FROM (CAST(${date} AS timestamp) AT TIME ZONE ${zone})) * 1000) AS bigint)`;
}

/** Whole days from b to a. */
export function daysBetween(d: SqlDialect, a: Raw, b: Raw): Raw {
  if (d === 'sqlite') return sql`CAST(julianday(${a}) - julianday(${b}) AS INTEGER)`;
  return sql`CAST((${a} - ${b}) AS bigint)`;
}

/** A date moved by a whole number of days. */
export function addDays(d: SqlDialect, date: Raw, days: Raw): Raw {
  if (d === 'sqlite') return sql`date(${date}, ${days} || ' days')`;
  return sql`(${date} + CAST(${days} AS integer))`;
}

/** Characters (code points) in a string. */
export function charLength(d: SqlDialect, s: Raw): Raw {
  return d === 'sqlite' ? sql`length(${s})` : sql`char_length(${s})`;
}

/** `s` with LIKE's wildcards and escape character escaped, for `LIKE … ESCAPE '\'`. */
export function likeEscaped(s: Raw): Raw {
  return sql`replace(replace(replace(${s}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}

/**
 * `s.startsWith(p)`, `endsWith`, `contains`, case-sensitively. SQLite's LIKE ignores ASCII case,
 * so SQLite compares substrings; PostgreSQL uses LIKE with the argument's wildcards escaped.
 */
export function stringTest(d: SqlDialect, method: string, s: Raw, p: Raw): Raw {
  if (d === 'sqlite') {
    if (method === 'contains') return sql`(instr(${s}, ${p}) > 0)`;
    if (method === 'startsWith') return sql`(substr(${s}, 1, length(${p})) = ${p})`;
    return sql`(length(${p}) = 0 OR substr(${s}, -length(${p})) = ${p})`;
  }
  const escaped = likeEscaped(p);
  if (method === 'contains') return sql`(${s} LIKE ('%' || ${escaped} || '%') ESCAPE '\\')`;
  if (method === 'startsWith') return sql`(${s} LIKE (${escaped} || '%') ESCAPE '\\')`;
  return sql`(${s} LIKE ('%' || ${escaped}) ESCAPE '\\')`;
}

/** A string operand of an ordering, so strings order by code point on every dialect. */
export function byCodePoint(d: SqlDialect, s: Raw): Raw {
  return d === 'postgres' ? sql`(${s} COLLATE "C")` : s;
}

/** Rows of a JSON array of strings bound as one parameter, as a one-column table `v`. */
export function jsonStrings(d: SqlDialect, json: Raw): Raw {
  if (d === 'sqlite') return sql`(SELECT value AS v FROM json_each(${json}))`;
  return sql`(SELECT jsonb_array_elements_text(CAST(${json} AS jsonb)) AS v)`;
}
