import type { AppModel } from './app-model.js';
import type { Field } from './entity.js';
import type { Transition } from './lifecycle.js';

/** A value an action takes from its caller: `input.reason` in a row's When or Sets. */
export interface ActionInput {
  name: string;
  /** The field a Sets assigns it to as it is (`assignee = input.assignee`): its type. */
  field?: Field;
}

// String literals are dropped first, so that `"input.x"` written as text is not a use.
const STRINGS = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const INPUT_PROPERTY = /\binput\.([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of `input` an expression reads (`input.reason` → `reason`), in order. */
export function inputNames(source: string): string[] {
  return [...source.replace(STRINGS, '').matchAll(INPUT_PROPERTY)].map((m) => m[1]!);
}

/**
 * The inputs some rows of a lifecycle read, in the order they first appear. An input that a Sets
 * copies to a field as it is takes that field's type; any other is whatever the guard makes of it.
 * The web app asks for the inputs of the rows the caller may take; the server checks those of an
 * action.
 */
export function transitionInputs(
  model: AppModel,
  entity: string,
  rows: readonly Transition[],
): ActionInput[] {
  const found = new Map<string, ActionInput>();
  const fields = model.entities.find((e) => e.name === entity)?.fields ?? [];
  for (const row of rows) {
    for (const name of inputNames(row.when?.source ?? ''))
      if (!found.has(name)) found.set(name, { name });
    for (const set of row.sets) {
      for (const name of inputNames(set.value.source)) {
        const known = found.get(name) ?? { name };
        found.set(name, known);
        const field = fields.find((f) => f.name === set.field);
        if (set.value.source.trim() === `input.${name}` && field && !known.field)
          known.field = field;
      }
    }
  }
  return [...found.values()];
}

/** The inputs the rows of one action read (see transitionInputs). */
export function actionInputs(model: AppModel, entity: string, action: string): ActionInput[] {
  const lifecycle = model.lifecycles.find((l) => l.entity === entity);
  const rows = lifecycle?.transitions.filter((t) => t.action === action) ?? [];
  return transitionInputs(model, entity, rows);
}

// What a guard asks of each input on its own: the web app's hints and checks, the server's words.
export * from './input-conditions.js';
