import type { AppModel, Entity } from '@specrun/model';
import { readableFields } from '../../model/access.js';
import { isComputed, lifecycleOf } from '../../model/entities.js';
import { sentence, words } from '../../model/names.js';
import type { ListFilter } from './list-columns.js';

/**
 * The filters that suit the entity's fields, for the fields the caller may read: a choice for
 * `one of` fields and the state, yes/no for booleans, and "is me" for references to users. The
 * API filters by equality (`?field=value`); it has no text search, so none is offered.
 */
export function listFilters(
  model: AppModel,
  entity: Entity,
  roles: readonly string[],
  userId?: string,
): ListFilter[] {
  const readable = readableFields(model, roles, entity);
  const out: ListFilter[] = [];
  for (const field of entity.fields) {
    if (!readable.has(field.name) || isComputed(field) || field.builtin) continue;
    const type = field.type;
    if (type.kind === 'enum')
      out.push({
        field,
        options: type.values.map((v) => ({ value: v, label: sentence(words(v)) })),
      });
    else if (type.kind === 'state') {
      const states = lifecycleOf(model, entity.name)?.states ?? [];
      out.push({ field, options: states.map((v) => ({ value: v, label: sentence(words(v)) })) });
    } else if (type.kind === 'boolean')
      out.push({
        field,
        options: [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ],
      });
    else if (type.kind === 'reference' && type.entity === 'User' && userId)
      out.push({ field, options: [{ value: userId, label: 'Me' }] });
  }
  return out;
}
