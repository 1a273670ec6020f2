import type { AppModel } from '@specrun/model';
import type { Policy } from '../../src/index.js';

/**
 * For tests only: a policy that allows every operation on every field of the model. It lives
 * under test/ so that nothing in src can run without a real policy.
 */
export function allowAllPolicy(model: AppModel): Policy {
  const fields = new Map(model.entities.map((e) => [e.name, new Set(e.fields.map((f) => f.name))]));
  const all = (entity: string): ReadonlySet<string> => fields.get(entity) ?? new Set();
  return {
    writableFields: (_actor, entity) => all(entity),
    readableFields: (_actor, entity) => all(entity),
    // What readableFields says, read through `this`, so a test that narrows readableFields on a
    // copy of this policy narrows every record it is shown.
    visibleFields(actor, entity, records) {
      return Promise.resolve(records.map(() => this.readableFields(actor, entity)));
    },
    // As readableFields says, through `this`: a narrowed copy hides those fields everywhere.
    readableOnSome(actor, entity) {
      return this.readableFields(actor, entity);
    },
    showingFields: () => ({ kind: 'all' }),
    listCondition: () => ({ kind: 'all' }),
    canReadRecord: async () => true,
    canCreate: async () => true,
    canUpdate: async () => true,
    canDelete: async () => true,
    canTakeAction: async () => true,
  };
}
