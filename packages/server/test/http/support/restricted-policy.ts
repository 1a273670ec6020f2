import type { AppModel } from '@specrun/model';
import type { Policy } from '../../../src/index.js';
import { allowAllPolicy } from '../../support/allow-all-policy.js';

/** What a restricted caller may not see: fields hidden per entity, entities not listed at all. */
export interface Restrictions {
  hidden?: Record<string, string[]>;
  unlisted?: string[];
}

/**
 * For tests only: allow-all, except that some fields are not readable and some entities cannot be
 * listed, so that filters, sorts and includes can be shown to reveal nothing about them.
 */
export function restrictedPolicy(restrictions: Restrictions) {
  return (model: AppModel): Policy => {
    const base = allowAllPolicy(model);
    const readable = new Map(
      model.entities.map((e) => {
        const hidden = restrictions.hidden?.[e.name] ?? [];
        return [e.name, new Set(e.fields.map((f) => f.name).filter((f) => !hidden.includes(f)))];
      }),
    );
    return {
      ...base,
      readableFields: (_actor, entity) => readable.get(entity) ?? new Set(),
      visibleFields: async (_actor, entity, records) =>
        records.map(() => readable.get(entity) ?? new Set<string>()),
      listCondition: (actor, entity) =>
        restrictions.unlisted?.includes(entity)
          ? { kind: 'deny' }
          : base.listCondition(actor, entity),
    };
  };
}
