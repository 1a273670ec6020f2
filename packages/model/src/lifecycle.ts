import type { Effect } from './effects.js';
import type { Expression } from './expression.js';

/** A field assignment applied by a transition: `resolvedAt = now`. */
export interface Assignment {
  field: string;
  value: Expression;
}

/** One row of a lifecycle table. */
export interface Transition {
  from: string[];
  action: string;
  to: string;
  who: string[];
  when?: Expression;
  sets: Assignment[];
  error?: string;
  line: number;
}

/** One data-dependent initial state: the state, and when a new record starts in it. */
export interface InitialChoice {
  state: string;
  when: Expression;
}

/** The states of one entity and the transitions between them (section 4). */
export interface Lifecycle {
  entity: string;
  /** The entity's field of type `state` that holds the current state. */
  field: string;
  states: string[];
  /** The state a new record starts in when no `initialWhen` choice holds (or there is none). */
  initial: string;
  /**
   * `Initial: waitlisted when \`cond\`, else enrolled`: the first choice whose condition holds on
   * the record as it would be created gives its state; `initial` otherwise.
   */
  initialWhen?: InitialChoice[];
  transitions: Transition[];
  /** `- After <action>: …`: changes to other records made with a transition or a create. */
  effects?: Effect[];
  description: string;
  line: number;
}
