import type { ApiCall, Entity } from '@specrun/model';
import type { Membership } from './memberships.js';
import { sentence, words } from './names.js';

const squeezed = (source: string) => source.replace(/\s+/g, '');

/**
 * The link records the caller can make and delete from a record's page: section 7's
 * `add me as Link.field` (and `remove me as Link.field`) on calls addressing this entity. Each
 * is a toggle shown by a computed boolean that counts those links (`following`:
 * `count(Follow, f, f.follower == user.id && …) > 0`), else labelled by the link's name.
 */
export function linkMembershipsOf(entity: Entity, calls: readonly ApiCall[]): Membership[] {
  const links = new Map<string, { add?: ApiCall; remove?: ApiCall }>();
  for (const call of calls) {
    const op = call.operation;
    if ((op.kind !== 'add-link' && op.kind !== 'remove-link') || op.entity !== entity.name)
      continue;
    const key = `${op.link}.${op.field}`;
    const pair = links.get(key) ?? {};
    pair[op.kind === 'add-link' ? 'add' : 'remove'] = call;
    links.set(key, pair);
  }
  return [...links].map(([key, pair]) => {
    const [link = '', field = ''] = key.split('.');
    const counts = `count(${link},`;
    const shownBy = entity.fields.find(
      (f) =>
        f.type.kind === 'boolean' &&
        f.rules.some(
          (r) =>
            r.kind === 'computed' &&
            squeezed(r.expression.source).includes(counts) &&
            r.expression.source.includes(`.${field}`),
        ),
    )?.name;
    const out: Membership = { field: key, label: sentence(words(shownBy ?? link)) };
    if (pair.add) out.add = pair.add;
    if (pair.remove) out.remove = pair.remove;
    if (shownBy) out.shownBy = shownBy;
    return out;
  });
}
