/** What kind of database constraint refused a write. */
export type ConstraintKind = 'unique' | 'foreign-key' | 'check' | 'not-null';

/** A write the database refused: a duplicate, a missing or still-used reference, a bad value. */
export class ConstraintError extends Error {
  constructor(
    readonly kind: ConstraintKind,
    /** The constraint or column the database named, when it named one. */
    readonly target: string | undefined,
    options?: ErrorOptions,
  ) {
    super(`${kind} constraint failed${target ? `: ${target}` : ''}`, options);
    this.name = 'ConstraintError';
  }
}

const SQLITE: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key',
  SQLITE_CONSTRAINT_CHECK: 'check',
  SQLITE_CONSTRAINT_NOTNULL: 'not-null',
};

const POSTGRES: Record<string, ConstraintKind> = {
  '23505': 'unique',
  '23503': 'foreign-key',
  '23514': 'check',
  '23502': 'not-null',
};

/** The error as a ConstraintError when a constraint caused it; otherwise unchanged. */
export function classifyDbError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as { code?: string; message?: string; constraint?: string; column?: string };
  const sqlite = e.code ? SQLITE[e.code] : undefined;
  if (sqlite)
    return new ConstraintError(sqlite, /: (.+)$/.exec(e.message ?? '')?.[1], { cause: error });
  const postgres = e.code ? POSTGRES[e.code] : undefined;
  if (postgres) return new ConstraintError(postgres, e.constraint ?? e.column, { cause: error });
  return error;
}
