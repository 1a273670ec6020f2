import { analyseExpression, type ExprScope } from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import { entityFields, storedEntities } from '../entity-fields.js';
import { conditionPins } from './condition-pins.js';
import type { IndexNeed } from './index-need.js';
import { callArguments } from './top-level.js';

/** An expression of the specification, with the names it may use. */
export interface Site {
  source: string;
  scope: ExprScope;
  why: string;
}

/** Every expression that may count: rules, guards, permission conditions, computed fields. */
export function countSites(model: AppModel): Site[] {
  const out: Site[] = [];
  // The widest scope each place allows: a name a place lacks only makes the expression fail to
  // check, and so pin nothing.
  const of = (entity: string) => ({ entity, hasOld: true, hasInput: true });
  for (const rule of model.rules)
    out.push({ source: rule.rule.source, scope: of(rule.entity), why: `rule ${rule.error}` });
  for (const lifecycle of model.lifecycles)
    for (const t of lifecycle.transitions)
      if (t.when)
        out.push({
          source: t.when.source,
          scope: of(lifecycle.entity),
          why: `guard of ${t.action}`,
        });
  for (const row of model.permissions)
    if (row.allowed.kind === 'when' && row.entity !== '*')
      out.push({
        source: row.allowed.condition.source,
        scope: { entity: row.entity },
        why: `section 6, line ${row.line}`,
      });
  for (const entity of storedEntities(model))
    for (const field of entityFields(entity))
      for (const rule of field.rules)
        if (rule.kind === 'computed')
          out.push({
            source: rule.expression.source,
            scope: { entity: entity.name },
            why: `computed ${entity.name}.${field.name}`,
          });
  return out;
}

/**
 * The counts (and aggregates) of one expression, each as what it asks of the counted table: the fields its
 * condition pins (`t.customer == user.id`) and those it otherwise compares to a known value
 * (`t.status != "closed"`). A count that pins nothing is left out: it reads every row whatever
 * the indexes.
 */
export function siteCounts(model: AppModel, { source, scope, why }: Site): IndexNeed[] {
  const analysis = analyseExpression(source, model, scope);
  if (analysis.issues.length > 0) return [];
  return analysis.counts.flatMap((count) => {
    // count(Entity, r, condition); sum(Entity, r, value, condition) and the other aggregates.
    const condition = callArguments(source, count.offset)?.[count.aggregate ? 3 : 2];
    if (!condition) return [];
    const inner = { ...scope, variables: { ...scope.variables, [count.variable]: count.entity } };
    const pins = conditionPins(condition, model, inner, count.variable, count.entity);
    if (pins.equal.length === 0) return [];
    return [
      {
        entity: count.entity,
        ...pins,
        order: [],
        why: `${count.aggregate ?? 'count'}() of ${why}`,
      },
    ];
  });
}

/** What every count of the specification asks of its table. */
export function countNeeds(model: AppModel): IndexNeed[] {
  return countSites(model).flatMap((site) => siteCounts(model, site));
}
