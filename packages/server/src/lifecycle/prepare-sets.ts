import { prepareEvaluation, type PreparedExpression } from '@specrun/expr';
import type { AppModel, Transition } from '@specrun/model';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import { expressionFacts } from './expression-facts.js';
import { guardScope } from '../expressions/scopes.js';

/** One assignment of a row's Sets: the field and the expression giving its new value. */
export interface PreparedAssignment {
  field: string;
  source: string;
  /**
   * The names of `input` the value is worked out from: the caller chose it. A reference so
   * chosen must be to a record the caller may read; the history shows these inputs only to
   * readers of the field.
   */
  inputs: readonly string[];
  /** The expression, prepared: throws when it cannot be evaluated on these bindings. */
  evaluate: PreparedExpression;
}

/** A row's Sets, and what evaluating them needs loaded. */
export interface PreparedSets {
  assignments: PreparedAssignment[];
  follows: Set<string>;
  depth: number;
}

/**
 * Checks a row's Sets once. A Set may give any field a value, read-only ones included, but not
 * the state, the built-in fields nor computed ones (section 4). Values are evaluated in JavaScript
 * (they are not conditions, which is all SQL compiles), so one that counts records is refused at
 * start: it would need a whole table loaded.
 */
export function prepareSets(
  model: AppModel,
  prepared: PreparedEntity,
  transition: Transition,
): PreparedSets {
  const entity = prepared.entity.name;
  const out: PreparedSets = { assignments: [], follows: new Set(), depth: 0 };
  for (const { field, value } of transition.sets) {
    const where = `${entity}.${transition.action} sets ${field}`;
    const target = prepared.fields.get(field);
    if (!target || !target.input || target.field.builtin)
      throw new Error(`${where}, which is not a field a transition may set.`);
    const facts = expressionFacts(value.source, model, guardScope(entity));
    if (facts.counts) throw new Error(`${where} with count(), which cannot run there.`);
    for (const f of facts.follows) out.follows.add(f);
    out.depth = Math.max(out.depth, facts.depth);
    const evaluate = prepareEvaluation(value.source, model, guardScope(entity));
    out.assignments.push({ field, source: value.source, inputs: facts.inputs, evaluate });
  }
  return out;
}
