import type { Lifecycle, Transition } from './lifecycle.js';

/**
 * The word a lifecycle row's Who gives for the engine itself: `Who: system` makes the row an
 * automatic transition, taken by the scheduler when its When holds, never by a person.
 */
export const SYSTEM_ACTOR = 'system';

/** Whether a row is an automatic transition: its Who names the system. */
export function isAutomatic(transition: Transition): boolean {
  return transition.who.includes(SYSTEM_ACTOR);
}

/** The rows people may take: every row but the automatic ones. */
export function peopleTransitions(lifecycle: Lifecycle | undefined): Transition[] {
  return lifecycle?.transitions.filter((t) => !isAutomatic(t)) ?? [];
}

/** The actions people may take, each once, in table order: they have routes and buttons. */
export function peopleActions(lifecycle: Lifecycle | undefined): string[] {
  return [...new Set(peopleTransitions(lifecycle).map((t) => t.action))];
}

/** The actions the engine takes by itself; each belongs to the system alone. */
export function automaticActions(lifecycle: Lifecycle | undefined): Set<string> {
  return new Set(lifecycle?.transitions.filter(isAutomatic).map((t) => t.action) ?? []);
}
