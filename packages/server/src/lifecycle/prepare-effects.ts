import {
  compileToSql,
  prepareEvaluation,
  type ExprScope,
  type PreparedExpression,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import type { AppModel, Effect, Lifecycle } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { expressionFacts } from './expression-facts.js';
import type { ReferenceLoading } from './load-references.js';
import type { ReferenceSources } from './prepared-lifecycle.js';

/** One assignment of an effect, its value ready to work out in JavaScript. */
export interface EffectAssignment {
  field: string;
  evaluate: PreparedExpression;
}

/** An effect of section 4 (`- After cancel: …`), checked and compiled once. */
export interface PreparedEffect {
  effect: Effect;
  assignments: EffectAssignment[];
  /** A `first` target's condition in SQL, the candidate a row of the query aliased by its name. */
  where?: (params: SqlParams) => RawBuilder<SqlBool>;
  /** What the values read through references, loaded from the record, `old` and the candidate. */
  loading: ReferenceLoading;
}

/** The names an effect's expressions see (as `specrun check` types them: effect-sites.ts). */
export function effectScope(lifecycle: Lifecycle, effect: Effect): ExprScope {
  const target = effect.kind === 'create' ? undefined : effect.target;
  return {
    entity: lifecycle.entity,
    hasOld: effect.after !== 'create',
    hasInput: true,
    variables: target?.kind === 'first' ? { [target.variable]: target.entity } : {},
  };
}

function prepareEffect(
  model: AppModel,
  lifecycle: Lifecycle,
  effect: Effect,
  sources: ReferenceSources,
  mapping: SqlMapping,
): PreparedEffect {
  const scope = effectScope(lifecycle, effect);
  const where = `${lifecycle.entity}'s effect after ${effect.after}`;
  const loading: ReferenceLoading = { model, ...sources, follows: new Set(), depth: 0 };
  const follows = new Set<string>();
  const assignments = (effect.kind === 'take' ? [] : effect.sets).map(({ field, value }) => {
    const facts = expressionFacts(value.source, model, scope);
    if (facts.counts)
      throw new Error(`${where} sets ${field} with count(), which cannot run there.`);
    for (const f of facts.follows) follows.add(f);
    loading.depth = Math.max(loading.depth, facts.depth);
    return { field, evaluate: prepareEvaluation(value.source, model, scope) };
  });
  loading.follows = follows;
  const prepared: PreparedEffect = { effect, assignments, loading };
  if (effect.kind !== 'create' && effect.target.kind === 'first') {
    const options = { record: 'params', variablesAsRows: true } as const;
    const compiled = compileToSql(effect.target.where.source, model, scope, mapping, options);
    if (!compiled.ok)
      throw new Error(
        `${where}: its query cannot run in the database: ${compiled.issues[0]?.message}`,
      );
    prepared.where = compiled.sql;
    const by = effect.target.by;
    if (by !== undefined && !sources.tables.get(effect.target.entity)?.columnByName.has(by))
      throw new Error(`${where}: its query orders by ${by}, which is not a stored column.`);
  }
  return prepared;
}

/** A lifecycle's effects by the action they follow (`create` for a create), each prepared once. */
export function prepareEffects(
  model: AppModel,
  lifecycle: Lifecycle,
  sources: ReferenceSources,
  mapping: SqlMapping,
): ReadonlyMap<string, PreparedEffect[]> {
  const byAction = new Map<string, PreparedEffect[]>();
  for (const effect of lifecycle.effects ?? []) {
    const prepared = prepareEffect(model, lifecycle, effect, sources, mapping);
    byAction.set(effect.after, [...(byAction.get(effect.after) ?? []), prepared]);
  }
  return byAction;
}
