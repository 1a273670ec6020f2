import { titleField, type AppModel, type Entity, type Field } from '@specrun/model';
import { declaredFields, entityOf } from '../../model/entities.js';
import type { AppScreen } from '../../model/screens.js';
import { fieldsOnEveryRecord, readableFields } from '../../model/access.js';

/**
 * The columns a list shows this caller: the screen's `columns`, else the entity's first five
 * declared fields, less those the caller may not read (the API leaves them out anyway).
 */
export function listColumns(
  model: AppModel,
  entity: Entity,
  screen: AppScreen,
  roles: readonly string[],
): Field[] {
  const readable = readableFields(model, roles, entity);
  const named = screen.fields?.length
    ? screen.fields
        .map((n) => entity.fields.find((f) => f.name === n))
        .filter((f): f is Field => f !== undefined)
    : declaredFields(entity)
        .filter((f) => !['longText', 'file', 'files'].includes(f.type.kind))
        .slice(0, 5);
  return named.filter((f) => readable.has(f.name));
}

// A computed value that reads the clock is sorted by what it was when last written, which may
// not be what the list shows; any other is sorted by the value shown (the server stores it on
// every write, or works it out in the list's statement when it counts or follows references).
const READS_CLOCK = /\b(now|today)\b/;

/** Whether the list can be sorted by the field: comparable values, as the list shows them. */
export function sortable(field: Field): boolean {
  const computed = field.rules.find((r) => r.kind === 'computed');
  if (computed?.kind === 'computed' && READS_CLOCK.test(computed.expression.source)) return false;
  return !['list', 'file', 'files', 'roles', 'longText', 'reference'].includes(field.type.kind);
}

/**
 * What the list asks to be sorted by when the column is (`sort=`), or undefined when it cannot
 * be: the field itself when its values compare as shown (see sortable); a reference by the title
 * of the record it points to (`event.title`), as it is shown, when the reader may read that
 * title on every such record they may read (the server's rule for sorting), never by its id.
 */
export function sortKey(
  model: AppModel,
  roles: readonly string[],
  field: Field,
): string | undefined {
  if (field.type.kind !== 'reference') return sortable(field) ? field.name : undefined;
  const target = entityOf(model, field.type.entity);
  const title = target && titleField(target);
  // A computed title may have no column the database can sort by.
  if (!target || !title || title.rules.some((r) => r.kind === 'computed')) return undefined;
  const readable = fieldsOnEveryRecord(model, roles, target).has(title.name);
  return readable ? `${field.name}.${title.name}` : undefined;
}

/** A filter the list offers for a field: a choice among its values (equality on the API). */
export interface ListFilter {
  field: Field;
  options: { value: string; label: string }[];
  /** For a reference: the entity whose records the reader may search for and choose. */
  picker?: string;
}

/**
 * The sort to ask for when the user has chosen none. The API's default is newest first
 * (`-createdAt`), but a list may be sorted only by fields the caller may read: a caller who may
 * not read `createdAt` gets the list by its first column instead.
 */
export function fallbackSort(
  model: AppModel,
  roles: readonly string[],
  readable: ReadonlySet<string>,
  columns: readonly Field[],
): string | undefined {
  if (readable.has('createdAt')) return undefined;
  return columns.map((f) => sortKey(model, roles, f)).find((k) => k !== undefined) ?? 'id';
}
