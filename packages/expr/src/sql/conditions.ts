import { sql } from 'kysely';
import type { Frag, SqlValue } from './sql-value.js';

/** `x IS NULL`. */
export function isNull(f: Frag): Frag {
  return (ctx) => sql`(${f(ctx)} IS NULL)`;
}

/** Every condition under which a value is a CEL error. */
export function errorsOf(v: SqlValue): Frag[] {
  return v.nullIsError ? [...v.errors, isNull(v.sql)] : v.errors;
}

/**
 * A condition that is SQL NULL wherever one of `errors` holds. NULL is how compiled SQL carries a
 * CEL error: it absorbs like an error through NOT, AND and OR, and a WHERE never keeps it.
 */
export function guarded(errors: Frag[], condition: Frag): Frag {
  if (errors.length === 0) return condition;
  return (ctx) => {
    const any = sql.join(
      errors.map((e) => e(ctx)),
      sql` OR `,
    );
    return sql`(CASE WHEN ${any} THEN NULL ELSE ${condition(ctx)} END)`;
  };
}

/** A bool made by an operator from operands with these errors. */
export function boolResult(condition: Frag, errors: Frag[], nullable = false): SqlValue {
  return {
    kind: 'bool',
    sql: guarded(errors, condition),
    nullable: nullable || errors.length > 0,
    errors: [],
    nullIsError: true,
  };
}

/** A bool value as a condition: its errors folded into NULL. */
export function asCondition(v: SqlValue): Frag {
  return guarded(v.errors, v.sql);
}
