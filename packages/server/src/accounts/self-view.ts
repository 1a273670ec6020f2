import { AppError } from '../catalogue/app-error.js';
import type { Actor } from '../callers/actor.js';
import type { WireRecord } from '../store/record-codec.js';
import type { Accounts } from './accounts-setup.js';

/**
 * The signed-in user as they may read themselves: what section 6 lets them read of their own
 * record, and always their id, email, name and roles (docs/spec-language.md, "Accounts").
 */
export async function selfView(accounts: Accounts, actor: Actor, now: Date): Promise<WireRecord> {
  const always = { id: actor.id, email: actor.email, name: actor.name, roles: actor.roles };
  const { users } = accounts.deps;
  const { policy } = accounts.deps.app;
  try {
    return { ...always, ...(await users.getRecord({ actor, now, policy }, actor.id)) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return always;
    throw error;
  }
}
