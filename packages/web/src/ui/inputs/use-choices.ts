import { useApp } from '../../app/app-context.js';
import { entityOf } from '../../model/entities.js';
import { titleField } from '@specrun/model';
import { recordLabel } from '../../model/record-label.js';
import { readableFields } from '../../model/access.js';
import { useSession } from '../../api/use-session.js';
import { useRecordList } from '../../api/use-record-list.js';

/** A record offered in a choice: its id and how it is named. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The records of an entity the caller may read, as choices for a reference: the first page of
 * its list at the largest size allowed, references expanded so that records named by what they
 * refer to (a loan by its book) read well. `failed` when the caller may not list them.
 */
export function useChoices(entityName: string) {
  const { model, api, limits } = useApp();
  const { roles } = useSession();
  const entity = entityOf(model, entityName);
  const listed = api.call('list', entityName) !== undefined;
  const include = (entity?.fields ?? [])
    .filter((f) => f.type.kind === 'reference' && !f.builtin)
    .slice(0, 1)
    .map((f) => f.name);
  // Choices read best in the order of their titles; createdAt may not even be readable.
  const readable = entity ? readableFields(model, roles, entity) : new Set<string>();
  const naming = entity ? titleField(entity)?.name : undefined;
  const sort =
    naming && readable.has(naming) ? naming : readable.has('createdAt') ? undefined : 'id';
  const list = useRecordList(
    entityName,
    { limit: limits.maxPageSize, include, ...(sort ? { sort } : {}) },
    listed && entity !== undefined,
  );
  const records = list.data?.pages.flatMap((p) => p.items) ?? [];
  const seen = new Map<string, number>();
  const choices: Choice[] = entity
    ? records.map((r) => {
        // Two records with the same name are told apart by the end of their ids.
        const label = recordLabel(model, entity, r);
        const n = (seen.get(label) ?? 0) + 1;
        seen.set(label, n);
        return { value: r.id, label: n > 1 ? `${label} (${r.id.slice(-4)})` : label };
      })
    : [];
  return {
    choices,
    loading: listed && list.isPending,
    failed: !listed || list.isError,
    more: list.hasNextPage === true,
  };
}
