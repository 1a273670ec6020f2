import {
  matchingRows,
  selectedFields,
  settableFields,
  type AppModel,
  type Entity,
} from '@specrun/model';
import { entityOf } from './entities.js';

/** The signed-in user as GET /api/_session answers: id, email, name, roles and their own fields. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  [field: string]: unknown;
}

/**
 * Whether the caller may do it: `yes` when a row allows it outright, `maybe` when only rows with a
 * condition do (the server decides per record), `no` when no row does. The interface offers what
 * is `yes` or `maybe`, and the server's answer stays the judge.
 */
export type Access = 'yes' | 'maybe' | 'no';

export function accessTo(
  model: AppModel,
  roles: readonly string[],
  entity: string,
  action: string,
): Access {
  const rows = matchingRows(model.permissions, roles, entity, action);
  if (rows.some((r) => r.allowed.kind === 'yes')) return 'yes';
  return rows.length > 0 ? 'maybe' : 'no';
}

/** The union of the fields the rows allowing `action` select among `fields`. */
function fieldsOfRows(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
  action: string,
  fields: ReadonlySet<string>,
): Set<string> {
  const out = new Set<string>();
  for (const row of matchingRows(model.permissions, roles, entity.name, action))
    for (const name of selectedFields(row.fields, fields)) out.add(name);
  return out;
}

/** The fields the caller may read of some record of the entity: the union of the read rows. */
export function readableFields(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
): Set<string> {
  const all = new Set(entity.fields.map((f) => f.name));
  return new Set(['id', ...fieldsOfRows(model, roles, entity, 'read', all)]);
}

/**
 * The fields the caller may read on every record of the entity they may read: what the server
 * lets a list be sorted by (its readableFields). The fields of a `yes` row when there is one, else
 * those that every condition gives (rows with the same condition hold together), `id` always.
 */
export function fieldsOnEveryRecord(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
): Set<string> {
  const all = new Set(entity.fields.map((f) => f.name));
  const rows = matchingRows(model.permissions, roles, entity.name, 'read');
  const yes = rows.filter((r) => r.allowed.kind === 'yes');
  if (yes.length > 0)
    return new Set(['id', ...yes.flatMap((r) => [...selectedFields(r.fields, all)])]);
  const byCondition = new Map<string, Set<string>>();
  for (const row of rows) {
    const source = row.allowed.kind === 'when' ? row.allowed.condition.source : '';
    const fields = byCondition.get(source) ?? new Set<string>();
    for (const name of selectedFields(row.fields, all)) fields.add(name);
    byCondition.set(source, fields);
  }
  const groups = [...byCondition.values()];
  const every = [...all].filter((name) => groups.length > 0 && groups.every((g) => g.has(name)));
  return new Set(['id', ...every]);
}

/** The fields the caller may set on create or update: the union of the rows, settable only. */
export function writableFields(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
  action: 'create' | 'update',
): Set<string> {
  return fieldsOfRows(model, roles, entity, action, settableFields(entity));
}

/** Whether the caller may read records of the entity at all (else it is not in the navigation). */
export function mayRead(model: AppModel, roles: readonly string[], entity: string): boolean {
  return entityOf(model, entity) !== undefined && accessTo(model, roles, entity, 'read') !== 'no';
}
