import {
  bothValues,
  CALLER_VALUE,
  conditionValues,
  EMPTY_VALUE,
  holdsValue,
  readableValues,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';
import { readableFields } from '../../model/access.js';
import { isComputed, lifecycleOf } from '../../model/entities.js';
import { sentence, words } from '../../model/names.js';
import type { ListFilter } from './list-columns.js';

/** The option that keeps records whose reference is empty (`field=` on the API). */
export const NONE_OPTION = ':none';

/** What the reader may do beyond the model: whether they may list an entity's records. */
export interface FilterReader {
  roles: readonly string[];
  userId?: string | undefined;
  /** Whether a picker can search the records of the entity (its list call, read for them). */
  canList: (entity: string) => boolean;
}

const named = (values: readonly string[]) =>
  values.map((v) => ({ value: v, label: sentence(words(v)) }));

/**
 * The filters that suit the entity's fields, for the fields the caller may read, each offering
 * only values the screen could show them: those that neither the screen's filter nor section 6's
 * read rows for their roles rule out (see conditionValues, readableValues). A choice for `one of`
 * fields and the state, yes/no for booleans; for a reference, the records the reader may read in
 * a searchable picker (when they may list them), "Me" for a user, and "None" for an empty optional
 * one. A field the screen holds to one value has no filter: it would change nothing.
 */
export function listFilters(
  model: AppModel,
  entity: Entity,
  filter: string | undefined,
  reader: FilterReader,
): ListFilter[] {
  const readable = readableFields(model, reader.roles, entity);
  const out: ListFilter[] = [];
  for (const field of entity.fields) {
    if (!readable.has(field.name) || isComputed(field) || field.builtin) continue;
    const allowed = bothValues(
      filter === undefined
        ? { kind: 'except', values: new Set() }
        : conditionValues(filter, field.name),
      readableValues(model, reader.roles, entity.name, field.name),
    );
    // Every record shown has that one value (or none can be shown): nothing to choose.
    if (allowed.kind === 'only' && allowed.values.size <= 1) continue;
    const possible = (values: readonly string[]) => values.filter((v) => holdsValue(allowed, v));
    const choice = (values: readonly string[]) => {
      const options = named(possible(values));
      if (options.length > 0) out.push({ field, options });
    };
    const type = field.type;
    if (type.kind === 'enum') choice(type.values);
    else if (type.kind === 'state') choice(lifecycleOf(model, entity.name)?.states ?? []);
    else if (type.kind === 'boolean') {
      const options = [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ].filter((o) => holdsValue(allowed, o.value));
      if (options.length > 0) out.push({ field, options });
    } else if (type.kind === 'reference') {
      const reference = referenceFilter(field, type.entity, allowed, reader);
      if (reference) out.push(reference);
    }
  }
  return out;
}

/** A reference's filter (see listFilters), or undefined when it has nothing to offer. */
function referenceFilter(
  field: Field,
  target: string,
  allowed: Parameters<typeof holdsValue>[0],
  reader: FilterReader,
): ListFilter | undefined {
  const options: ListFilter['options'] = [];
  if (!field.required && holdsValue(allowed, EMPTY_VALUE))
    options.push({ value: NONE_OPTION, label: 'None' });
  if (target === 'User' && reader.userId && holdsValue(allowed, CALLER_VALUE))
    options.push({ value: reader.userId, label: 'Me' });
  // A filter that names its records (`in [...]`) leaves nothing else to search for.
  const picker = allowed.kind === 'except' && reader.canList(target) ? target : undefined;
  if (options.length === 0 && !picker) return undefined;
  return { field, options, ...(picker ? { picker } : {}) };
}

/**
 * The `field=value` equalities the address asks for, among the filters offered: a value, or an
 * empty one (`assignee=`) for "None" where it is offered. Any other parameter is not a filter.
 */
export function filterValues(
  filters: readonly ListFilter[],
  search: URLSearchParams,
): Record<string, string> {
  const equals: Record<string, string> = {};
  for (const { field, options } of filters) {
    const value = search.get(field.name);
    if (value === null) continue;
    if (value !== '' || options.some((o) => o.value === NONE_OPTION)) equals[field.name] = value;
  }
  return equals;
}
