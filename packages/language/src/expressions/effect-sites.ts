import type { ExprScope } from '@specrun/expr';
import type { AppModel, Effect, Lifecycle } from '@specrun/model';
import type { ExpressionSite } from './expression-sites.js';

/** The entity whose fields an effect's assignments set, when the effect names it plainly. */
function setEntity(effect: Effect, lifecycle: Lifecycle, model: AppModel): string | undefined {
  if (effect.kind === 'create') return effect.entity;
  if (effect.target.kind === 'first') return effect.target.entity;
  const field = effect.target.field;
  const type = model.entities
    .find((e) => e.name === lifecycle.entity)
    ?.fields.find((f) => f.name === field)?.type;
  return type?.kind === 'reference' ? type.entity : undefined;
}

/**
 * The expressions of a lifecycle's effects. They see the record after its transition as `record`,
 * as it was before as `old` (not after a create), the caller's `input` and `user`, and the
 * candidate of a `first` query by its name; the assignments' values go into the changed record's
 * fields, so their types are checked against them.
 */
export function effectSites(model: AppModel, lifecycle: Lifecycle): ExpressionSite[] {
  const sites: ExpressionSite[] = [];
  for (const effect of lifecycle.effects ?? []) {
    const variables =
      effect.kind !== 'create' && effect.target.kind === 'first'
        ? { [effect.target.variable]: effect.target.entity }
        : {};
    const scope: ExprScope = {
      entity: lifecycle.entity,
      hasOld: effect.after !== 'create',
      hasInput: true,
      hasUser: true,
      variables,
    };
    if (effect.kind !== 'create' && effect.target.kind === 'first')
      sites.push({
        expression: effect.target.where,
        scope,
        condition: true,
        what: 'effect condition',
      });
    if (effect.kind === 'take') continue;
    const entity = setEntity(effect, lifecycle, model);
    for (const set of effect.sets)
      sites.push({
        expression: set.value,
        scope,
        condition: false,
        what: 'effect value',
        ...(entity ? { target: { entity, field: set.field } } : {}),
      });
  }
  return sites;
}
