import { titleField, type AppModel, type Field } from '@specrun/model';
import { readableFields } from './access.js';
import { entityOf } from './entities.js';

/**
 * What to ask the API to expand (`include`) so that these fields' references show names: each
 * reference or `list of` field, and, where the referenced entity has no title of its own and is
 * named by what it refers to (a loan by its book, see recordLabel), those references of it that
 * the reader may read (`loan.book`). One level down, as the server takes it.
 */
export function namingIncludes(
  model: AppModel,
  roles: readonly string[],
  fields: readonly Field[],
): string[] {
  const out: string[] = [];
  for (const field of fields) {
    if (field.type.kind !== 'reference' && field.type.kind !== 'list') continue;
    out.push(field.name);
    const target = entityOf(model, field.type.entity);
    if (!target || titleField(target)) continue;
    const readable = readableFields(model, roles, target);
    for (const inner of target.fields)
      if (inner.type.kind === 'reference' && !inner.builtin && readable.has(inner.name))
        out.push(`${field.name}.${inner.name}`);
  }
  return out;
}
