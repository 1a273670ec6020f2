import type { AppModel, Expression } from '@specrun/model';
import type { ExprScope } from '@specrun/expr';
import type { ExpressionSite } from './expression-sites.js';

/** A list call's conditions with their scopes: its `where`, and each parameter's on `value`. */
export interface CallCondition {
  expression: Expression;
  scope: ExprScope;
  what: string;
}

/** The conditions of section 7's list calls on entities that exist (others are reported). */
export function callConditions(model: AppModel): CallCondition[] {
  const out: CallCondition[] = [];
  for (const call of model.calls) {
    if (call.operation.kind !== 'list') continue;
    const entity = call.operation.entity;
    if (!model.entities.some((e) => e.name === entity)) continue;
    if (call.where)
      out.push({ expression: call.where, scope: { entity, hasUser: true }, what: 'condition' });
    for (const parameter of call.parameters ?? [])
      if (parameter.kind === 'condition')
        out.push({
          expression: parameter.condition,
          scope: { entity, hasUser: true, texts: ['value'] },
          what: `condition of ${parameter.name}`,
        });
  }
  return out;
}

/** The same, as expression sites to type-check: conditions, so they must be boolean. */
export function callConditionSites(model: AppModel): ExpressionSite[] {
  return callConditions(model).map((c) => ({ ...c, condition: true }));
}
