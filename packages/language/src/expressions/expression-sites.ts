import { isAutomatic, type AppModel, type Expression } from '@specrun/model';
import { automaticScope, computedScope, type ExprScope } from '@specrun/expr';
import { callConditionSites } from './call-condition-sites.js';
import { effectSites } from './effect-sites.js';

/** One expression of the model, the names in scope where it runs, and what it must yield. */
export interface ExpressionSite {
  expression: Expression;
  scope: ExprScope;
  /** Conditions (rules, guards, Allowed, filters) must be boolean. */
  condition: boolean;
  what: string;
  /** For validation rules: where to record the one field the rule names. */
  rule?: { entity: string; setField: (field: string) => void };
  /** For defaults, computed values and Sets: the field the value goes into. */
  target?: { entity: string; field: string };
}

/**
 * Every CEL expression of the model with its scope. Defaults run before the record exists, so
 * they see `user` and `input` (the create payload) but not `record`; computed fields see
 * `record` and the reader as `user`; guards and Sets see `record`, `old`, `input` and `user` (an automatic transition's only `record`); rules see `record`, `user`
 * and `old` when they run on update (only `old` on delete); an initial state's condition sees `record`
 * as it would be created and `user`; Allowed conditions, list filters and list calls' `where` see
 * `record` and `user`; a list call's parameter conditions see `value` too.
 */
export function expressionSites(model: AppModel): ExpressionSite[] {
  const sites: ExpressionSite[] = [];
  for (const screen of model.screens) {
    if (screen.filter)
      sites.push({
        expression: screen.filter,
        scope: { entity: screen.entity, hasUser: true },
        condition: true,
        what: 'filter',
      });
  }
  sites.push(...callConditionSites(model));
  for (const entity of model.entities) {
    for (const field of entity.fields) {
      if (field.default?.kind === 'expression')
        sites.push({
          expression: field.default.expression,
          scope: { hasUser: true, hasInput: true },
          condition: false,
          what: 'default',
          target: { entity: entity.name, field: field.name },
        });
      for (const rule of field.rules) {
        if (rule.kind === 'computed')
          sites.push({
            expression: rule.expression,
            scope: computedScope(entity.name),
            condition: false,
            what: 'computed value',
            target: { entity: entity.name, field: field.name },
          });
      }
    }
  }
  for (const lifecycle of model.lifecycles) {
    const people: ExprScope = {
      entity: lifecycle.entity,
      hasOld: true,
      hasInput: true,
      hasUser: true,
    };
    for (const transition of lifecycle.transitions) {
      const scope = isAutomatic(transition) ? automaticScope(lifecycle.entity) : people;
      if (transition.when)
        sites.push({ expression: transition.when, scope, condition: true, what: 'guard' });
      for (const set of transition.sets)
        sites.push({
          expression: set.value,
          scope,
          condition: false,
          what: 'value',
          target: { entity: lifecycle.entity, field: set.field },
        });
    }
  }
  for (const rule of model.rules) {
    // On delete only `old` is bound: there is no record as it would be saved.
    const scope: ExprScope = rule.on.includes('delete')
      ? { variables: { old: rule.entity }, hasUser: true }
      : { entity: rule.entity, hasOld: rule.on.includes('update'), hasUser: true };
    const setField = (field: string): void => {
      rule.field = field;
    };
    sites.push({
      expression: rule.rule,
      scope,
      condition: true,
      what: 'rule',
      rule: { entity: rule.entity, setField },
    });
  }
  for (const lifecycle of model.lifecycles) sites.push(...effectSites(model, lifecycle));
  for (const lifecycle of model.lifecycles)
    for (const choice of lifecycle.initialWhen ?? [])
      sites.push({
        expression: choice.when,
        scope: { entity: lifecycle.entity, hasUser: true },
        condition: true,
        what: 'initial state condition',
      });
  for (const permission of model.permissions) {
    if (permission.allowed.kind !== 'when') continue;
    const scope: ExprScope =
      permission.entity === '*'
        ? { hasUser: true, dynamic: ['record'] }
        : { entity: permission.entity, hasUser: true };
    sites.push({
      expression: permission.allowed.condition,
      scope,
      condition: true,
      what: 'condition',
    });
  }
  return sites;
}
