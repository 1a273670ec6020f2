import type { AppModel, Entity, Field } from '@specrun/model';
import { inputFieldSchema } from './field-schemas.js';
import type { JsonSchema } from './openapi-types.js';

// String literals are dropped first, so that `"input.x"` written as text is not a use.
const STRINGS = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const INPUT_PROPERTY = /\binput\.([A-Za-z_][A-Za-z0-9_]*)/g;

function inputNames(source: string): string[] {
  return [...source.replace(STRINGS, '').matchAll(INPUT_PROPERTY)].map((m) => m[1]!);
}

interface InputUse {
  /** The field a Sets assigns straight from it (`assignee = input.assignee`): its type. */
  field?: Field;
  uses: string[];
}

/** The properties of `input` the rows of one action read, with where each is used. */
function inputUses(model: AppModel, entity: Entity, action: string): Map<string, InputUse> {
  const found = new Map<string, InputUse>();
  const use = (name: string) => {
    const known = found.get(name) ?? { uses: [] };
    found.set(name, known);
    return known;
  };
  const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
  for (const row of lifecycle?.transitions.filter((t) => t.action === action) ?? []) {
    if (row.when)
      for (const name of inputNames(row.when.source))
        use(name).uses.push(`the guard \`${row.when.source}\``);
    for (const set of row.sets) {
      for (const name of inputNames(set.value.source)) {
        const known = use(name);
        known.uses.push(`the Sets \`${set.field} = ${set.value.source}\``);
        const direct = set.value.source.trim() === `input.${name}`;
        const field = entity.fields.find((f) => f.name === set.field);
        if (direct && field && !known.field) known.field = field;
      }
    }
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
  const use = inputUses(model, entity, action).get(name);
  const where = use ? ` Read by ${[...new Set(use.uses)].join(' and ')}.` : '';
  const description = `\`input.${name}\`.${where}`;
  if (!use?.field) return { description };
  return { ...inputFieldSchema(model, entity, use.field, 'update'), description };
}

/** The names of `input` an action's guards and Sets read, in the order they appear. */
export function transitionInputNames(model: AppModel, entity: Entity, action: string): string[] {
  return [...inputUses(model, entity, action).keys()];
}
