import { createHash } from 'node:crypto';
import type { Entity } from '@specrun/model';

/** camelCase or PascalCase to snake_case: LineItem → line_item, dueDate → due_date. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

/** The table of an entity: its plural in snake_case (Ticket → tickets, LineItem → line_items). */
export function entityTableName(entity: Pick<Entity, 'name' | 'plural'>): string {
  return snakeCase(entity.plural || `${entity.name}s`);
}

/** The join table of a `list of` field: tickets + tags → tickets_tags. */
export function listTableName(table: string, field: string): string {
  return `${table}_${snakeCase(field)}`;
}

/**
 * The table of a `file` field's bytes: claims + receipt → claims_receipt. Named as a `list of`
 * field's join table would be: a field is one or the other, so the two never meet.
 */
export function fileTableName(table: string, field: string): string {
  return `${table}_${snakeCase(field)}`;
}

/**
 * The table of the files of a `list of files` field: claims + photos → claims_photos_files. Not
 * named as a `file` field's table: a field that changes from one to the other changes tables,
 * whose keys differ (one file per record, or several).
 */
export function filesTableName(table: string, field: string): string {
  return `${table}_${snakeCase(field)}_files`;
}

/** The history table of an entity's table. */
export function historyTableName(table: string): string {
  return `${table}_history`;
}

/** The table of the users' roles. */
export const USER_ROLES_TABLE = 'user_roles';

// PostgreSQL cuts identifiers at 63 bytes; a cut name would not match the snapshot later.
const MAX_NAME = 63;

/** A constraint or index name, shortened with a hash when it would be too long. */
export function objectName(...parts: string[]): string {
  const name = parts.join('_');
  if (name.length <= MAX_NAME) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_NAME - 9)}_${hash}`;
}
