import { AppError } from '../catalogue/app-error.js';
import type { Actor } from '../callers/actor.js';
import { readableRecord } from '../operations/readable-record.js';
import { refusal, unreadable } from '../operations/refusal.js';
import type { WireRecord } from '../store/record-codec.js';
import type { Accounts } from './accounts-setup.js';

/** An account as its manager asks for it: the stored User, and whether they may manage it. */
export interface ManagedAccount {
  record: WireRecord;
  /** The caller may deactivate and reactivate it: never their own account. */
  manageable: boolean;
}

/**
 * The caller, when section 6 lets them change some user's `roles` (an `update` row of User that
 * gives `roles`): only they manage accounts. UNAUTHENTICATED or FORBIDDEN otherwise.
 */
export function accountManager(accounts: Accounts, actor: Actor | null): Actor {
  const { policy } = accounts.deps.app;
  if (!actor || !policy.writableFields(actor, 'User', 'update').has('roles')) throw refusal(actor);
  return actor;
}

function userEntity(accounts: Accounts) {
  const prepared = accounts.deps.app.entities.get('User');
  if (!prepared) throw new Error('the model has no User entity');
  return prepared;
}

/**
 * The account `id` as its manager reads it, or undefined when they may not read it. They may
 * manage it when an `update` row of User holds on it as stored (as for changing its roles) and it
 * is not their own: nobody deactivates themselves out of the application.
 */
export async function managedAccount(
  accounts: Accounts,
  manager: Actor,
  id: string,
  now: Date,
): Promise<ManagedAccount | undefined> {
  const { policy, store } = accounts.deps.app;
  const ctx = { actor: manager, now, policy };
  const record = await readableRecord(store.db, userEntity(accounts), ctx, id);
  if (!record) return undefined;
  const own = String(record.id) === manager.id;
  const manageable = !own && (await policy.canUpdate(manager, 'User', record, record, store.db));
  return { record, manageable };
}

/** The account `id` its manager is about to deactivate or reactivate, or the refusal. */
export async function accountToManage(
  accounts: Accounts,
  manager: Actor,
  id: string,
  now: Date,
): Promise<ManagedAccount> {
  const found = await managedAccount(accounts, manager, id, now);
  if (!found) throw unreadable(accounts.deps.app.policy, manager, 'User', id);
  if (String(found.record.id) === manager.id)
    throw new AppError('FORBIDDEN', 'You cannot deactivate or reactivate your own account.');
  if (!found.manageable) throw new AppError('FORBIDDEN');
  return found;
}
