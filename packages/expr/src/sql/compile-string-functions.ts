import { sql } from 'kysely';
import type { SqlDialect } from './mapping.js';
import type { Frag, SqlValue } from './sql-value.js';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

// The white space CEL's trim() removes: Unicode's White_Space, as the CEL runtime lists it.
const WHITE_SPACE = String.fromCodePoint(
  0x20,
  0x09,
  0x0a,
  0x0b,
  0x0c,
  0x0d,
  0x85,
  0xa0,
  0x1680,
  0x2000,
  0x2001,
  0x2002,
  0x2003,
  0x2004,
  0x2005,
  0x2006,
  0x2007,
  0x2008,
  0x2009,
  0x200a,
  0x2028,
  0x2029,
  0x202f,
  0x205f,
  0x3000,
);

/** The string methods that give a string: `lowerAscii`, `upperAscii` and `trim`. */
export const STRING_METHODS = new Set(['lowerAscii', 'upperAscii', 'trim']);

/**
 * A string method in SQL, as CEL defines it: lowerAscii and upperAscii change the 26 ASCII letters
 * only (SQLite's lower() and upper() do just that; PostgreSQL's follow the locale, so translate()
 * is used there); trim removes Unicode white space from both ends, not only spaces.
 */
export function stringMethod(
  d: SqlDialect,
  name: string,
  target: SqlValue,
  errors: Frag[],
): SqlValue {
  const apply = (s: ReturnType<Frag>) => {
    switch (name) {
      case 'lowerAscii':
        return d === 'sqlite' ? sql`lower(${s})` : sql`translate(${s}, ${UPPER}, ${LOWER})`;
      case 'upperAscii':
        return d === 'sqlite' ? sql`upper(${s})` : sql`translate(${s}, ${LOWER}, ${UPPER})`;
      default:
        return d === 'sqlite' ? sql`trim(${s}, ${WHITE_SPACE})` : sql`btrim(${s}, ${WHITE_SPACE})`;
    }
  };
  return {
    kind: 'string',
    sql: (ctx) => apply(target.sql(ctx)),
    nullable: target.nullable,
    errors,
  };
}
