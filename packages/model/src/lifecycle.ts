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

/** The states of one entity and the transitions between them (section 4). */
export interface Lifecycle {
  entity: string;
  /** The entity's field of type `state` that holds the current state. */
  field: string;
  states: string[];
  initial: string;
  transitions: Transition[];
  description: string;
  line: number;
}
