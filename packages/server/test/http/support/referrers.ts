import type { AppModel } from '@specrun/model';
import type { Actor } from '../../../src/index.js';
import type { HttpHarness } from './http-harness.js';

/** A field of another entity that refers to records of `entity`. */
export interface ReferringField {
  owner: string;
  field: string;
}

/** Every declared field that refers to `entity` (built-in ones such as createdBy let go). */
export function referringFields(model: AppModel, entity: string): ReferringField[] {
  return model.entities.flatMap((owner) =>
    owner.fields
      .filter((f) => {
        const t = f.type;
        return !f.builtin && (t.kind === 'reference' || t.kind === 'list') && t.entity === entity;
      })
      .map((f) => ({ owner: owner.name, field: f.name })),
  );
}

/**
 * Makes a valid record of an owner entity and answers a record it refers to: made the way the
 * owner's own rules need it (an open event for a booking, the signed-in user for a customer).
 */
export async function referredRecord(
  h: HttpHarness,
  referrers: ReferringField[],
  actor: Actor,
): Promise<[owner: string, id: string]> {
  for (const { owner, field } of referrers) {
    const record = await h.make(owner, actor);
    const value = record[field];
    const id = Array.isArray(value) ? value[0] : value;
    if (typeof id === 'string') return [owner, id];
  }
  throw new Error('no referring record could be made');
}
