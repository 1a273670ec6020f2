import type { AppModel, Transition } from '@specrun/model';

/**
 * The rows an action means from a state for a caller: those whose Who holds one of the caller's
 * roles, in table order (a patient's row and reception's row of one `cancel`). The server tries
 * them in that order and answers the first one's Error. When none is the caller's (an API that
 * offers the action all the same), every row from the state.
 */
export function callerTransitions(
  model: AppModel,
  entity: string,
  action: string,
  state: unknown,
  roles: readonly string[],
): Transition[] {
  const lifecycle = model.lifecycles.find((l) => l.entity === entity);
  const fromState =
    lifecycle?.transitions.filter(
      (t) => t.action === action && typeof state === 'string' && t.from.includes(state),
    ) ?? [];
  const own = fromState.filter((t) => t.who.some((w) => roles.includes(w)));
  return own.length > 0 ? own : fromState;
}
