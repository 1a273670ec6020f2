import { sql, type RawBuilder } from 'kysely';
import type { ComprehensionNode, Expr } from '../ast.js';
import type { SqlCompiler } from './compiler.js';
import { asCondition, boolResult } from './conditions.js';
import { jsonStrings } from './dialect-sql.js';
import { compileNode } from './compile-node.js';
import type { Frag, SqlValue } from './sql-value.js';

/** The macros that have an SQL form: each answers a bool over a list's items. */
type Macro = 'all' | 'exists' | 'exists_one';

function callOf(expr: Expr | undefined) {
  return expr?.exprKind.case === 'callExpr' ? expr.exprKind.value : undefined;
}

function constantOf(expr: Expr | undefined) {
  return expr?.exprKind.case === 'constExpr' ? expr.exprKind.value.constantKind : undefined;
}

/**
 * Which macro the parser expanded into this comprehension, and its predicate. CEL expands
 * `l.all(x, p)` to an accumulator starting at true and stepping `accu && p`, `exists` from false
 * with `accu || p`, and `exists_one` from 0 with `p ? accu + 1 : accu`; `map` and `filter` build
 * lists, which SQL does not hold.
 */
function macroOf(node: ComprehensionNode): { macro: Macro; predicate: Expr } | undefined {
  const init = constantOf(node.accuInit);
  const step = callOf(node.loopStep);
  if (!step) return undefined;
  if (init?.case === 'boolValue' && step.args.length === 2) {
    if (init.value && step.function === '_&&_') return { macro: 'all', predicate: step.args[1]! };
    if (!init.value && step.function === '_||_')
      return { macro: 'exists', predicate: step.args[1]! };
  }
  if (init?.case === 'int64Value' && step.function === '_?_:_' && step.args[0])
    return { macro: 'exists_one', predicate: step.args[0] };
  return undefined;
}

type Ctx = Parameters<Frag>[0];

/** The list's items as rows: `… FROM <rows> WHERE <condition>`, and each item as a value. */
interface ItemRows {
  /** The FROM and WHERE of the items for which `condition` holds. */
  where: (ctx: Ctx, condition: RawBuilder<unknown>) => RawBuilder<unknown>;
  item: SqlValue;
}

function itemValue(c: SqlCompiler, range: Expr, column: Frag): SqlValue {
  const type = c.typeOf(range);
  const element = type.kind === 'list' ? type.element : undefined;
  if (element?.kind === 'record')
    return {
      kind: 'ref',
      entity: element.entity,
      sql: column,
      nullable: false,
      errors: [],
      source: { kind: 'id' },
    };
  return { kind: 'string', sql: column, nullable: false, errors: [] };
}

/** The list's items as rows: a join table's rows of the owner, or a parameter's items. */
function itemRows(c: SqlCompiler, range: Expr, list: SqlValue): ItemRows | undefined {
  const source = list.list;
  if (source?.kind === 'table') {
    const { table, ownerColumn, itemColumn } = source.table;
    const a = c.alias();
    const owner = source.owner;
    const column = sql.ref(`${a}.${itemColumn}`);
    return {
      where: (ctx, condition) =>
        sql`${sql.id(table)} AS ${sql.id(a)} WHERE ${sql.ref(`${a}.${ownerColumn}`)} = ${owner.sql(ctx)} AND ${condition}`,
      item: itemValue(c, range, () => column),
    };
  }
  if (source?.kind === 'param') {
    const a = c.alias();
    const json: Frag = (ctx) => sql.val(JSON.stringify(source.read(ctx) ?? []));
    const column = sql.ref(`${a}.v`);
    return {
      where: (ctx, condition) =>
        sql`${jsonStrings(c.dialect, json(ctx))} AS ${sql.id(a)} WHERE ${condition}`,
      item: itemValue(c, range, () => column),
    };
  }
  return undefined;
}

/**
 * `all`, `exists` and `exists_one` over a list in SQL, with CEL's answers where an item's
 * predicate is an error (NULL here): `exists` is true when one item holds, whatever the others;
 * `all` false when one fails; otherwise an error among the items makes the answer an error.
 * `exists_one` is an error as soon as one item's predicate is.
 */
export function compileComprehension(
  c: SqlCompiler,
  expr: Expr,
  node: ComprehensionNode,
): SqlValue {
  const found = macroOf(node);
  if (!found || !node.iterRange)
    return c.fail(
      expr,
      '`map` and `filter` cannot run in the database: use exists, all or exists_one.',
    );
  const list = compileNode(c, node.iterRange);
  if (list.kind !== 'list' || !list.list)
    return c.fail(expr, 'Only a list can be gone through in the database.');
  if (list.list.kind === 'literal') return overItems(c, found, node.iterVar, list.list.items, list);
  const rows = itemRows(c, node.iterRange, list);
  if (!rows) return c.fail(expr, 'This list cannot be gone through in the database.');
  const predicate = c.withLocal(node.iterVar, rows.item, () => compileNode(c, found.predicate));
  const holds = asCondition(predicate);
  const any =
    (condition: Frag): Frag =>
    (ctx) =>
      sql`EXISTS (SELECT 1 FROM ${rows.where(ctx, condition(ctx))})`;
  const failing = any((ctx) => sql`(${holds(ctx)}) IS NULL`);
  let condition: Frag;
  switch (found.macro) {
    case 'exists': {
      const one = any(holds);
      condition = (ctx) =>
        sql`(CASE WHEN ${one(ctx)} THEN TRUE WHEN ${failing(ctx)} THEN NULL ELSE FALSE END)`;
      break;
    }
    case 'all': {
      const fails = any((ctx) => sql`NOT (${holds(ctx)})`);
      condition = (ctx) =>
        sql`(CASE WHEN ${fails(ctx)} THEN FALSE WHEN ${failing(ctx)} THEN NULL ELSE TRUE END)`;
      break;
    }
    case 'exists_one': {
      const count: Frag = (ctx) => sql`(SELECT COUNT(*) FROM ${rows.where(ctx, holds(ctx))})`;
      condition = (ctx) => sql`(CASE WHEN ${failing(ctx)} THEN NULL ELSE ${count(ctx)} = 1 END)`;
      break;
    }
  }
  return boolResult(condition, list.errors, true);
}

/** The macro over a list written in the expression: each item's predicate, joined. */
function overItems(
  c: SqlCompiler,
  found: { macro: Macro; predicate: Expr },
  name: string,
  items: readonly SqlValue[],
  list: SqlValue,
): SqlValue {
  const conditions = items.map((item) =>
    asCondition(c.withLocal(name, item, () => compileNode(c, found.predicate))),
  );
  if (conditions.length === 0) {
    const empty = found.macro === 'all' ? sql`TRUE` : sql`FALSE`;
    return boolResult(() => empty, list.errors);
  }
  // SQL's AND and OR treat NULL as CEL's && and || treat an error: absorbed by false, by true.
  if (found.macro !== 'exists_one') {
    const joiner = found.macro === 'all' ? sql` AND ` : sql` OR `;
    const joined: Frag = (ctx) =>
      sql`(${sql.join(
        conditions.map((f) => f(ctx)),
        joiner,
      )})`;
    return boolResult(joined, list.errors, true);
  }
  const failing: Frag = (ctx) =>
    sql`(${sql.join(
      conditions.map((f) => sql`(${f(ctx)}) IS NULL`),
      sql` OR `,
    )})`;
  const count: Frag = (ctx) =>
    sql`(${sql.join(
      conditions.map((f) => sql`(CASE WHEN ${f(ctx)} THEN 1 ELSE 0 END)`),
      sql` + `,
    )})`;
  const condition: Frag = (ctx) =>
    sql`(CASE WHEN ${failing(ctx)} THEN NULL ELSE ${count(ctx)} = 1 END)`;
  return boolResult(condition, list.errors, true);
}
