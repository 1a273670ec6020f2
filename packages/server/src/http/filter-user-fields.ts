import type { OperationContext } from '../operations/operation-context.js';
import { getRecord } from '../store/records.js';
import type { ApiContext } from './api-context.js';
import type { CompiledFilter } from './list-filter.js';

/**
 * Refuses a filter that reads a field of the caller's own account that section 6 does not let
 * them read (their account's own fields, and its User read rows that hold on their record), as
 * if User had no such field: else `user.iban.startsWith("DE")` would tell them, a character at a
 * time, what they may not see. Signed out, `user` is null: there is nothing to tell. A field
 * they may read on every User they may read needs no query; any other is decided on their stored
 * record.
 */
export async function checkFilterUserFields(
  api: ApiContext,
  ctx: OperationContext,
  filter: CompiledFilter,
): Promise<void> {
  const { actor, policy } = ctx;
  if (!actor) return;
  const everywhere = policy.readableFields(actor, 'User');
  const asked = filter.userFields.filter((f) => f !== 'id' && !everywhere.has(f));
  if (asked.length === 0) return;
  const db = api.store.db;
  const stored = await getRecord(db, api.tables.get('User')!, actor.id);
  const [own] = stored ? await policy.visibleFields(actor, 'User', [stored], db) : [];
  const hidden = asked.find((f) => !own?.has(f));
  if (hidden !== undefined) throw filter.hiddenUserField(hidden);
}
