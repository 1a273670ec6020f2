import {
  computedNeedingDatabase,
  computedScope,
  whyComputedNotInDatabase,
  whyNotInDatabase,
  type ExprScope,
} from '@specrun/expr';
import type { AppModel, Expression } from '@specrun/model';
import type { ReadContext } from '../read-context.js';
import { analysedExpression } from './analysed-expression.js';

const HINT =
  'count with what the database can read: fields, references, `user`, and `input` compared with == or !=; put the rest in another part joined with &&';

/** Reports, at the token SQL cannot run, an expression (or part, from `offset`) that must. */
function report(
  expression: Expression,
  source: string,
  offset: number,
  scope: ExprScope,
  message: string,
  {
    model,
    ctx,
    record,
  }: { model: AppModel; ctx: ReadContext; record?: { row: string } | undefined },
): void {
  const issue = whyNotInDatabase(source, model, scope, record);
  if (!issue) return;
  const at = ctx.where.inExpression(expression, offset + issue.offset);
  ctx.bag.error('cannot-run-in-database', at, `${message} ${issue.message}`, HINT);
}

/**
 * A guard's parts that count records run in the database (see prepare-guard in the server),
 * those reading `input` with the payload bound; a Set is worked out in JavaScript, where count()
 * would need a whole table.
 */
function checkLifecycles(model: AppModel, ctx: ReadContext): void {
  for (const lifecycle of model.lifecycles) {
    const entity = lifecycle.entity;
    const guard: ExprScope = { entity, hasOld: true, hasInput: true };
    for (const transition of lifecycle.transitions) {
      const when = transition.when;
      for (const part of (when && analysedExpression(when.source, model, guard)?.conjuncts) ?? []) {
        const facts = analysedExpression(part.source, model, guard);
        if (!facts || facts.counts.length === 0) continue;
        const scope = facts.names.has('input') ? guard : { entity, hasOld: true };
        const message = 'This part of the guard counts records, so it runs in the database, but';
        report(when!, part.source, part.offset, scope, message, { model, ctx });
      }
      for (const { field, value } of transition.sets) {
        const count = analysedExpression(value.source, model, guard)?.counts[0];
        if (count === undefined) continue;
        ctx.bag.error(
          'count-in-sets',
          ctx.where.inExpression(value, count.offset),
          `The value of ${field} counts records: a Set is worked out apart from the database, where ${count.aggregate ?? 'count'}() cannot run.`,
          'count in the guard (When) instead, or keep the count in a computed field',
        );
      }
    }
  }
}

/** A rule that counts records runs in the database (see compile-rules in the server). */
function checkRules(model: AppModel, ctx: ReadContext): void {
  for (const rule of model.rules) {
    const hasOld = rule.on.includes('update') || rule.on.includes('delete');
    const scope: ExprScope = { entity: rule.entity, hasOld };
    if (!analysedExpression(rule.rule.source, model, scope)?.counts.length) continue;
    const message = 'This rule counts records, so it runs in the database, but';
    report(rule.rule, rule.rule.source, 0, scope, message, { model, ctx });
  }
  // An initial state's condition runs like a rule on create (see initial-state in the server).
  for (const lifecycle of model.lifecycles)
    for (const { when } of lifecycle.initialWhen ?? []) {
      const scope: ExprScope = { entity: lifecycle.entity };
      if (!analysedExpression(when.source, model, scope)?.counts.length) continue;
      const message = 'This condition counts records, so it runs in the database, but';
      report(when, when.source, 0, scope, message, { model, ctx });
    }
}

/** Every Allowed condition runs in the database, on a record and on a table's rows. */
function checkPermissions(model: AppModel, ctx: ReadContext): void {
  for (const permission of model.permissions) {
    if (permission.line === 0 || permission.allowed.kind !== 'when') continue;
    const condition = permission.allowed.condition;
    const entities =
      permission.entity === '*' ? model.entities.map((e) => e.name) : [permission.entity];
    // A condition that does not check on an entity is reported as such, or (on a `*` row) never
    // holds there: either way, not a question for the database.
    const checked = entities.filter((entity) =>
      analysedExpression(condition.source, model, { entity }),
    );
    const cannot = checked
      .flatMap((entity) => [undefined, { row: 'record' }].map((record) => ({ entity, record })))
      .find(({ entity, record }) => whyNotInDatabase(condition.source, model, { entity }, record));
    if (!cannot) continue;
    const message = `Conditions of section 6 run in the database, but on ${cannot.entity}`;
    report(condition, condition.source, 0, { entity: cannot.entity }, message, {
      model,
      ctx,
      ...cannot,
    });
  }
}

/**
 * A computed value that counts, follows a reference or reads `user` is worked out in the
 * database (see withComputedColumns in @specrun/expr), in the statement that reads the record.
 */
function checkComputed(model: AppModel, ctx: ReadContext): void {
  const inDatabase = computedNeedingDatabase(model);
  for (const entity of model.entities)
    for (const field of entity.fields)
      for (const rule of field.rules) {
        if (rule.kind !== 'computed' || !inDatabase.has(`${entity.name}.${field.name}`)) continue;
        const source = rule.expression.source;
        if (!analysedExpression(source, model, computedScope(entity.name))) continue;
        const issue = whyComputedNotInDatabase(model, entity.name, field.name, source);
        if (!issue) continue;
        const at = ctx.where.inExpression(rule.expression, issue.offset);
        const message = `This computed value counts, follows a reference or reads \`user\`, so it runs in the database, but ${issue.message}`;
        ctx.bag.error('cannot-run-in-database', at, message, HINT);
      }
}

/**
 * Errors on what the server would refuse to start with because it must run in the database and
 * cannot (on SQLite or PostgreSQL): a guard part or a rule that counts records, an Allowed
 * condition, a computed value that needs the database; and on a Set that counts records. What check accepts, start runs.
 */
export function checkDatabaseParts(model: AppModel, ctx: ReadContext): void {
  checkLifecycles(model, ctx);
  checkRules(model, ctx);
  checkPermissions(model, ctx);
  checkComputed(model, ctx);
}
