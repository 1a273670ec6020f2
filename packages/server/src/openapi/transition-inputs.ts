import { actionInputs, inputNames, type AppModel, type Entity } from '@specrun/model';
import { inputFieldSchema } from './field-schemas.js';
import type { JsonSchema } from './openapi-types.js';

/** Where each input of one action is read, for its description: guards and Sets, in order. */
function inputUses(model: AppModel, entity: Entity, action: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const use = (name: string, where: string) => found.set(name, [...(found.get(name) ?? []), where]);
  const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
  for (const row of lifecycle?.transitions.filter((t) => t.action === action) ?? []) {
    if (row.when)
      for (const name of inputNames(row.when.source)) use(name, `the guard \`${row.when.source}\``);
    for (const set of row.sets)
      for (const name of inputNames(set.value.source))
        use(name, `the Sets \`${set.field} = ${set.value.source}\``);
  }
  return found;
}

/** The schema of one property of a transition's `input`; typed when a Sets copies it to a field. */
export function transitionInputSchema(
  model: AppModel,
  entity: Entity,
  action: string,
  name: string,
): JsonSchema {
  const uses = inputUses(model, entity, action).get(name);
  const where = uses ? ` Read by ${[...new Set(uses)].join(' and ')}.` : '';
  const description = `\`input.${name}\`.${where}`;
  const field = actionInputs(model, entity.name, action).find((i) => i.name === name)?.field;
  if (!field) return { description };
  return { ...inputFieldSchema(model, entity, field, 'update'), description };
}

/** The names of `input` an action's guards and Sets read, in the order they appear. */
export function transitionInputNames(model: AppModel, entity: Entity, action: string): string[] {
  return actionInputs(model, entity.name, action).map((i) => i.name);
}
