import { BOOKKEEPING } from '../accounts/actor-query.js';
import { merged } from '../objects/merged.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { WireRecord } from '../store/record-codec.js';
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

/**
 * The caller as the filter's `user`: the actor's record, with the bookkeeping fields the filter
 * reads (`user.createdAt`...) read from their stored account when the session did not load them
 * (it does only when the specification may read them: mayReadUserBookkeeping).
 */
export async function filterUser(
  api: ApiContext,
  ctx: OperationContext,
  filter: CompiledFilter,
  user: WireRecord | null,
): Promise<WireRecord | null> {
  const { actor } = ctx;
  if (!actor || !user) return user;
  const missing = filter.userFields.filter((f) => BOOKKEEPING.includes(f) && !(f in actor.fields));
  if (missing.length === 0) return user;
  const stored = await getRecord(api.store.db, api.tables.get('User')!, actor.id);
  return merged(user, Object.fromEntries(missing.map((f) => [f, stored?.[f] ?? null])));
}
