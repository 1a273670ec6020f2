import type { AppModel, Transition } from '@specrun/model';

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
