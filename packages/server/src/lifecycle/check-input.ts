import { actionInputs, checkValue, type ActionInput } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { echoedNames } from '../catalogue/client-text.js';
import { validationError } from '../operations/validation-error.js';
import type { LifecycleSetup } from './lifecycle-setup.js';

// The inputs of each action, worked out once per entity and action, never per request.
const inputsOf = new WeakMap<LifecycleSetup, Map<string, ActionInput[]>>();

/** The inputs the rows of an action read, worked out on first use (see actionInputs). */
export function inputsOfAction(setup: LifecycleSetup, action: string): ActionInput[] {
  let byAction = inputsOf.get(setup);
  if (!byAction) inputsOf.set(setup, (byAction = new Map()));
  let inputs = byAction.get(action);
  if (!inputs) {
    const entity = setup.prepared.entity.name;
    byAction.set(action, (inputs = actionInputs(setup.app.model, entity, action)));
  }
  return inputs;
}

/**
 * Refuses, before anything is read, an input name no row of the action reads: BAD_REQUEST, as
 * an unknown field is, so nothing the action ignores is kept in the history.
 */
export function checkInputNames(
  setup: LifecycleSetup,
  action: string,
  input: Record<string, unknown>,
): void {
  const inputs = inputsOfAction(setup, action);
  const unknown = Object.keys(input).filter((k) => !inputs.some((i) => i.name === k));
  if (unknown.length === 0) return;
  const takes = inputs.length === 0 ? 'none' : inputs.map((i) => i.name).join(', ');
  throw new AppError(
    'BAD_REQUEST',
    `The action ${action} does not take ${echoedNames(unknown)}; it takes ${takes}.`,
  );
}

/**
 * Checks, once the guard has held, each input a Sets copies to a field against that field's
 * type: VALIDATION_FAILED at the input, saying what is wrong. Without it a value the expression cannot evaluate
 * (`{"assignee": []}`) would be set as empty, like a default, with the junk kept in the history.
 */
export function checkInputTypes(
  setup: LifecycleSetup,
  action: string,
  input: Record<string, unknown>,
): void {
  const { catalogue, roles } = setup.app;
  const problems = new Map<string, string>();
  for (const { name, field } of inputsOfAction(setup, action)) {
    const value = input[name];
    if (!field || value === undefined || value === null) continue;
    const check = setup.prepared.fields.get(field.name);
    const checked = check && checkValue(check, value, roles);
    if (checked && !checked.ok) problems.set(name, checked.reason);
  }
  const error = validationError(catalogue, problems, []);
  if (error) throw error;
}
