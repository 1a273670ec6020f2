import type { AppModel } from '@specrun/model';
import { sql } from 'kysely';
import { constantValues } from '../constants.js';
import type { ExprScope } from '../scope.js';
import { bound, sqlForm } from './bind-value.js';
import { constantLiteral } from './literal.js';
import type { SqlDialect, SqlMapping } from './mapping.js';
import type { ParamRecord, SqlValue } from './sql-value.js';

/** How `record` is read: the query's row under an alias (lists, counts) or a parameter (rules). */
export type RecordBinding = { row: string } | 'params';

/** A record bound as a parameter: its id is a parameter, its fields are read from the params. */
function paramRecord(
  mapping: SqlMapping,
  entity: string,
  name: ParamRecord,
  mayBeAbsent: boolean,
): SqlValue {
  return {
    kind: 'ref',
    entity,
    sql: (ctx) => bound(mapping.dialect, 'ref', sqlForm('ref', ctx.params[name] ?? null)),
    nullable: true,
    errors: [],
    source: { kind: 'params', name, mayBeAbsent },
  };
}

// Each condition is compiled twice (signed in or not) and `specrun check` compiles every one
// for both dialects; making a literal of every constant each time cost more than compiling most
// conditions. The literals are made once per model and dialect, and only read.
const constantsByModel = new WeakMap<AppModel, Map<SqlDialect, ReadonlyMap<string, SqlValue>>>();

/**
 * Every constant (the spec's and the engine's limits) as a literal of the dialect: the names an
 * expression starts from after those of rootValues, which the compiler looks up first.
 */
export function constantRoots(model: AppModel, d: SqlDialect): ReadonlyMap<string, SqlValue> {
  let byDialect = constantsByModel.get(model);
  if (!byDialect) constantsByModel.set(model, (byDialect = new Map()));
  let literals = byDialect.get(d);
  if (!literals) {
    const made = new Map<string, SqlValue>();
    for (const [name, value] of constantValues(model)) made.set(name, constantLiteral(d, value));
    byDialect.set(d, (literals = made));
  }
  return literals;
}

/**
 * The names an expression starts from besides the constants (see constantRoots): record, old,
 * user, input, now. With `userPresent`, the expression is compiled for a signed-in user only.
 */
export function rootValues(
  model: AppModel,
  scope: ExprScope,
  mapping: SqlMapping,
  record: RecordBinding,
  userPresent = false,
): Map<string, SqlValue> {
  const d = mapping.dialect;
  const roots = new Map<string, SqlValue>();
  roots.set('now', {
    kind: 'timestamp',
    sql: (ctx) => bound(d, 'timestamp', BigInt(ctx.nowMs)),
    nullable: false,
    errors: [],
  });
  // Compiled knowing a user is signed in, reading `user.x` is never an error: no guard is
  // written for it, and the condition stays one the database can answer from an index.
  if (scope.hasUser !== false)
    roots.set('user', paramRecord(mapping, 'User', 'user', !userPresent));
  for (const name of scope.texts ?? [])
    roots.set(name, {
      kind: 'string',
      sql: (ctx) => bound(d, 'string', ctx.params.texts?.[name] ?? null),
      nullable: false,
      errors: [],
    });
  // The payload's values are typed by what they are compared with: see compile-input.ts.
  if (scope.hasInput)
    roots.set('input', { kind: 'input', sql: () => sql`NULL`, nullable: true, errors: [] });
  if (scope.entity !== undefined) {
    const entity = scope.entity;
    if (record === 'params') roots.set('record', paramRecord(mapping, entity, 'record', false));
    else roots.set('record', rowRecord(entity, record.row));
    if (scope.hasOld) roots.set('old', paramRecord(mapping, entity, 'old', false));
  }
  return roots;
}

/** A row of the query (or of a count() subquery) under an alias. */
export function rowRecord(entity: string, alias: string): SqlValue {
  return {
    kind: 'ref',
    entity,
    sql: () => sql.ref(`${alias}.id`),
    nullable: false,
    errors: [],
    source: { kind: 'row', alias },
  };
}
