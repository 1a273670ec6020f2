import { sql } from 'kysely';
import type { ConstantValue } from '@specrun/model';
import { decimalText, toDecimal, type Decimal } from '../decimal.js';
import { toMoney } from '../money.js';
import { bound } from './bind-value.js';
import type { SqlDialect } from './mapping.js';
import type { SqlKind, SqlValue } from './sql-value.js';

/** A value known when compiling, bound as a parameter each time (never written into the SQL). */
export function literal(
  d: SqlDialect,
  kind: SqlKind,
  value: unknown,
  extra: Partial<SqlValue> = {},
): SqlValue {
  if (value === null) return { kind: 'null', sql: () => sql`NULL`, nullable: true, errors: [] };
  if (kind === 'bool') {
    const keyword = sql.raw(value ? 'TRUE' : 'FALSE');
    return { kind, sql: () => keyword, nullable: false, errors: [], literal: value };
  }
  return {
    kind,
    sql: () => bound(d, kind, value),
    nullable: false,
    errors: [],
    literal: value,
    ...extra,
  };
}

/**
 * A number literal: an int when it is whole and written so, else a decimal, bound as its
 * canonical text (numeric on PostgreSQL); both keep the exact decimal. `written` is the decimal
 * as the source writes it, when known (see literal-decimal.ts).
 */
export function numberLiteral(
  d: SqlDialect,
  value: number | bigint,
  isInt: boolean,
  written?: Decimal,
): SqlValue {
  const decimal = written ?? toDecimal(value);
  if (isInt) return literal(d, 'int', BigInt(value), decimal ? { decimal } : {});
  if (!decimal) return literal(d, 'null', null);
  const text = decimalText(decimal);
  const bind = literal(d, 'double', text, { decimal, literal: Number(value) });
  return { ...bind, exactDecimal: bind.sql };
}

/** A constant of section 9 (or an engine limit) as a literal. */
export function constantLiteral(d: SqlDialect, value: ConstantValue): SqlValue {
  switch (value.kind) {
    case 'number':
      return numberLiteral(d, value.value, Number.isInteger(value.value));
    case 'string':
      return literal(d, 'string', value.value);
    case 'boolean':
      return literal(d, 'bool', value.value);
    case 'duration':
      return literal(d, 'duration', value.milliseconds);
    case 'money': {
      const m = toMoney(value.amount, value.currency)!;
      return literal(d, 'money', m.units, { scale: m.scale });
    }
  }
}
