import { sql } from 'kysely';
import type { Expr } from '../ast.js';
import { canonicalDecimal } from '@specrun/model';
import { formatDecimal, toDecimal } from '../decimal.js';
import { fieldExprType, fieldOf } from '../entity-fields.js';
import { bound, sqlForm } from './bind-value.js';
import type { SqlCompiler } from './compiler.js';
import { isNull } from './conditions.js';
import { timestampMs } from './dialect-sql.js';
import { kindOf } from './kinds.js';
import type { SqlColumn, SqlDialect } from './mapping.js';
import type { Frag, SqlValue } from './sql-value.js';

/** The errors of reading a field of `rec`: a null reference or an absent user has no fields. */
function readErrors(rec: SqlValue): Frag[] {
  const source = rec.source;
  if (source?.kind === 'params' && source.mayBeAbsent) {
    return [...rec.errors, (ctx) => sql`(${sql.val(ctx.params[source.name] ? 0 : 1)} = 1)`];
  }
  return source?.kind === 'id' && rec.nullable ? [...rec.errors, isNull(rec.sql)] : rec.errors;
}

/** `rec.field`: a column of the row, a subquery through a reference, or a parameter. */
export function readField(c: SqlCompiler, rec: SqlValue, name: string, expr: Expr): SqlValue {
  const entity = rec.entity!;
  const source = rec.source!;
  const field = fieldOf(c.model, entity, name);
  if (!field) c.fail(expr, `${entity} has no field \`${name}\`.`);
  const type = fieldExprType(c.model, entity, field);
  const kind = kindOf(type) ?? c.fail(expr, `A field of type ${type.kind} cannot be read in SQL.`);
  const errors = readErrors(rec);
  const d = c.dialect;
  if (field.type.kind === 'files')
    c.fail(expr, `\`${name}\` is a list of files, which the database cannot read.`);
  if (kind === 'list') {
    const table = field.type.kind === 'roles' ? c.mapping.roles : c.mapping.list(entity, name);
    if (source.kind === 'params') {
      const read = (ctx: Parameters<Frag>[0]) => {
        const list = ctx.params[source.name]?.[name];
        return Array.isArray(list) ? list.map((v) => sqlForm('ref', v)) : undefined;
      };
      return { kind, sql: () => sql`NULL`, nullable: true, errors, list: { kind: 'param', read } };
    }
    if (!table) c.fail(expr, `The list \`${name}\` of ${entity} has no table.`);
    const owner = { ...rec, errors: [] };
    return {
      kind,
      sql: () => sql`NULL`,
      nullable: false,
      errors,
      list: { kind: 'table', table, owner },
    };
  }
  if (name === 'id' && source.kind !== 'params') {
    return { kind, sql: rec.sql, nullable: rec.nullable, errors };
  }
  const column = c.mapping.column(entity, name);
  if (!column) c.fail(expr, `${entity}.${name} has no column.`);
  const scale = column.scale ?? 2;
  const ref =
    type.kind === 'record' ? { entity: type.entity, source: { kind: 'id' } as const } : {};
  const extra = { ...ref, ...(kind === 'money' ? { scale } : {}) };
  // A decimal is read as stored, exactly: canonical text on SQLite, numeric on PostgreSQL.
  const read = (raw: ReturnType<Frag>) => (kind === 'timestamp' ? timestampMs(d, raw) : raw);
  const decimal = column.type === 'decimal';
  if (source.kind === 'params' && column.computed) {
    // A value the database works out is not among the parameters: the record as it would be
    // saved works it out from its own values; a stored record (old, user) reads it by its id.
    if (source.name === 'record' && column.computedOnRecord) {
      const value = column.computedOnRecord();
      const exact = exactly(decimal, value);
      return { kind, sql: (ctx) => read(value(ctx)), nullable: true, errors, ...extra, ...exact };
    }
    return throughReference(c, rec, expr, column, { kind, errors, ...extra }, read);
  }
  if (source.kind === 'params') {
    const value = (ctx: Parameters<Frag>[0]) => ctx.params[source.name]?.[name];
    const sqlOf: Frag = (ctx) => bound(d, kind, sqlForm(kind, value(ctx), scale));
    const exact: Frag = (ctx) => exactDecimalParam(d, value(ctx));
    return { kind, sql: sqlOf, nullable: true, errors, ...extra, ...exactly(decimal, exact) };
  }
  if (source.kind === 'row') {
    const col = storedAt(column, source.alias);
    const exact = exactly(decimal, col);
    const nullable = column.nullable;
    return { kind, sql: (ctx) => read(col(ctx)), nullable, errors, ...extra, ...exact };
  }
  return throughReference(c, rec, expr, column, { kind, errors, ...extra }, read);
}

/** The field of the record `rec` refers to, read by its id in a subquery. */
function throughReference(
  c: SqlCompiler,
  rec: SqlValue,
  expr: Expr,
  column: SqlColumn,
  value: Omit<SqlValue, 'sql' | 'nullable'>,
  read: (raw: ReturnType<Frag>) => ReturnType<Frag>,
): SqlValue {
  const entity = rec.entity!;
  const table = c.mapping.table(entity) ?? c.fail(expr, `${entity} has no table.`);
  const a = c.alias();
  const through =
    (readColumn: (raw: ReturnType<Frag>) => ReturnType<Frag>): Frag =>
    (ctx) =>
      sql`(SELECT ${readColumn(storedAt(column, a)(ctx))} FROM ${sql.id(table)} AS ${sql.id(a)} WHERE ${sql.ref(`${a}.id`)} = ${rec.sql(ctx)})`;
  const nullable = column.nullable || rec.nullable;
  const exact = exactly(
    column.type === 'decimal',
    through((raw) => raw),
  );
  return { ...value, sql: through(read), nullable, ...exact };
}

/** A field of the row under `alias`: its column, or the value the database computes for it. */
function storedAt(column: SqlColumn, alias: string): Frag {
  if (column.computed) return column.computed(alias);
  const ref = sql.ref(`${alias}.${column.name}`);
  return () => ref;
}

function exactly(decimal: boolean, exact: Frag): Pick<SqlValue, 'exactDecimal'> {
  return decimal ? { exactDecimal: exact } : {};
}

/** A decimal parameter exactly: its canonical text (numeric on PostgreSQL), or NULL. */
function exactDecimalParam(d: SqlDialect, value: unknown) {
  const decimal = toDecimal(value);
  if (!decimal) return sql`NULL`;
  const text = canonicalDecimal(formatDecimal(decimal)) ?? '0';
  return d === 'postgres' ? sql`CAST(${sql.val(text)} AS numeric)` : sql`${sql.val(text)}`;
}
