import { inputNames, type AppModel, type Field, type Transition } from '@specrun/model';
import { entityOf, fieldOf } from './entities.js';

/** A value a transition takes from its caller: `input.reason` in its When or Sets. */
export interface TransitionInput {
  name: string;
  /** The field it is assigned to (`assignee = input.assignee`), whose type the input takes. */
  field?: Field;
}

/**
 * The inputs a transition reads, found in the source of its When and Sets expressions. An input
 * assigned to a field as it is takes that field's type (a reference chooses a record); any other
 * is text.
 */
export function transitionInputs(
  model: AppModel,
  entity: string,
  t: Transition,
): TransitionInput[] {
  const names = new Set<string>();
  for (const source of [t.when?.source ?? '', ...t.sets.map((s) => s.value.source)])
    for (const name of inputNames(source)) names.add(name);
  const target = entityOf(model, entity);
  return [...names].map((name) => {
    const set = t.sets.find((s) => s.value.source.trim() === `input.${name}`);
    const field = set && target ? fieldOf(target, set.field) : undefined;
    return field ? { name, field } : { name };
  });
}

/** The transition an action means from a state: a state is the From of one row per action. */
export function transitionFrom(
  model: AppModel,
  entity: string,
  action: string,
  state: unknown,
): Transition | undefined {
  const lifecycle = model.lifecycles.find((l) => l.entity === entity);
  return lifecycle?.transitions.find(
    (t) => t.action === action && typeof state === 'string' && t.from.includes(state),
  );
}
