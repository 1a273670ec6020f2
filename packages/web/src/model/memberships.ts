import type { ApiCall, AppModel, Entity } from '@specrun/model';
import { linkMembershipsOf } from './link-memberships.js';
import { sentence, words } from './names.js';

/**
 * A `list of User` field the caller can join and leave from a record's page: section 7 declares
 * `add me to E.field` (and `remove me from E.field`). `shownBy` is a computed boolean that says
 * whether the caller is in the list (`favorited`: `user.id in record.favoritedBy`), if any.
 */
export interface Membership {
  field: string;
  label: string;
  add?: ApiCall;
  remove?: ApiCall;
  shownBy?: string;
}

const squeezed = (source: string) => source.replace(/\s+/g, '');

/** Whether a computed expression says exactly "the caller is in record.field". */
function tellsMembership(source: string, field: string): boolean {
  const s = squeezed(source);
  const inList = `user.id in record.${field}`.replace(/\s+/g, '');
  return s === inList || s === `user!=null&&${inList}`;
}

const callOf = (
  calls: readonly ApiCall[],
  kind: 'add-me' | 'remove-me',
  entity: string,
  field: string,
) =>
  calls.find(
    (c) =>
      c.operation.kind === kind && c.operation.entity === entity && c.operation.field === field,
  );

/**
 * The memberships of an entity's records. Each is one toggle button (pressed when the caller is
 * in the list), labelled by the computed boolean that shows it (`favorited` → "Favorited",
 * `following` → "Following"), else by the list itself ("Favorited by"). Link records made from
 * the record's page (`add me as Follow.follower`) come after (link-memberships.ts).
 */
export function membershipsOf(
  _model: AppModel,
  entity: Entity,
  calls: readonly ApiCall[],
): Membership[] {
  return [...listMemberships(entity, calls), ...linkMembershipsOf(entity, calls)];
}

function listMemberships(entity: Entity, calls: readonly ApiCall[]): Membership[] {
  return entity.fields.flatMap((field) => {
    if (field.type.kind !== 'list' || field.type.entity !== 'User') return [];
    const add = callOf(calls, 'add-me', entity.name, field.name);
    const remove = callOf(calls, 'remove-me', entity.name, field.name);
    if (!add && !remove) return [];
    const shownBy = entity.fields.find(
      (f) =>
        f.type.kind === 'boolean' &&
        f.rules.some(
          (r) => r.kind === 'computed' && tellsMembership(r.expression.source, field.name),
        ),
    )?.name;
    const out: Membership = {
      field: field.name,
      label: sentence(words(shownBy ?? field.name)),
    };
    if (add) out.add = add;
    if (remove) out.remove = remove;
    if (shownBy) out.shownBy = shownBy;
    return [out];
  });
}

/** Whether the caller is in the list: by the computed boolean, else by the list's ids. */
export function isMember(
  membership: Membership,
  record: Readonly<Record<string, unknown>>,
  userId: string,
): boolean | undefined {
  if (membership.shownBy) {
    const shown = record[membership.shownBy];
    return typeof shown === 'boolean' ? shown : undefined;
  }
  const list = record[membership.field];
  if (!Array.isArray(list)) return undefined;
  return list.some(
    (v) => v === userId || (typeof v === 'object' && v !== null && 'id' in v && v.id === userId),
  );
}
