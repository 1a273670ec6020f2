import type { AppModel, Entity, FieldSelection, Permission } from '@specrun/model';
import { entityOf, isSettable } from './entities.js';

/** The signed-in user as GET /api/me answers: id, email, name, roles and their own fields. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  roles: string[];
  [field: string]: unknown;
}

/** Every caller, signed in or not. */
export const ANYONE = 'anyone';
/** Every user with an account. */
export const SIGNED_IN = 'signed-in';

/** The roles a caller acts with: `anyone` always; `signed-in` and their own when signed in. */
export function callerRoles(user: SessionUser | null | undefined): string[] {
  return user ? [ANYONE, SIGNED_IN, ...user.roles] : [ANYONE];
}

const covers = (cell: string, name: string) => cell === '*' || cell === name;

/**
 * The rows of section 6 that may allow `action` on `entity` for these roles. Rows add up across
 * roles; a `no` row cancels the other rows of its own role only (as the server decides).
 */
export function allowingRows(
  model: AppModel,
  roles: readonly string[],
  entity: string,
  action: string,
): Permission[] {
  const out: Permission[] = [];
  for (const role of roles) {
    const rows = model.permissions.filter(
      (p) =>
        p.role === role && covers(p.entity, entity) && p.actions.some((a) => covers(a, action)),
    );
    if (rows.some((p) => p.allowed.kind === 'no')) continue;
    out.push(...rows);
  }
  return out;
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
  const rows = allowingRows(model, roles, entity, action);
  if (rows.some((r) => r.allowed.kind === 'yes')) return 'yes';
  return rows.length > 0 ? 'maybe' : 'no';
}

function selected(selection: FieldSelection, fields: readonly string[]): string[] {
  switch (selection.kind) {
    case 'all':
      return [...fields];
    case 'allExcept':
      return fields.filter((f) => !selection.fields.includes(f));
    case 'only':
      return selection.fields.filter((f) => fields.includes(f));
    case 'none':
      return [];
  }
}

/** The fields the caller may read of some record of the entity: the union of the read rows. */
export function readableFields(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
): Set<string> {
  const names = entity.fields.map((f) => f.name);
  const out = new Set<string>(['id']);
  for (const row of allowingRows(model, roles, entity.name, 'read'))
    for (const name of selected(row.fields, names)) out.add(name);
  return out;
}

/** The fields the caller may set on create or update: the union of the rows, settable only. */
export function writableFields(
  model: AppModel,
  roles: readonly string[],
  entity: Entity,
  action: 'create' | 'update',
): Set<string> {
  const settable = entity.fields.filter(isSettable).map((f) => f.name);
  const out = new Set<string>();
  for (const row of allowingRows(model, roles, entity.name, action))
    for (const name of selected(row.fields, settable)) out.add(name);
  return out;
}

/** Whether the caller may read records of the entity at all (else it is not in the navigation). */
export function mayRead(model: AppModel, roles: readonly string[], entity: string): boolean {
  return entityOf(model, entity) !== undefined && accessTo(model, roles, entity, 'read') !== 'no';
}
