import type { Actor } from '../callers/actor.js';
import type { Policy } from '../permissions/policy.js';
import { changeCredential } from './credentials.js';
import { overridePolicy } from './override-policy.js';
import { revokeUserSessions } from './sessions.js';

/** What `update me` was sent and changes besides the record: a new password's hash. */
export interface SelfUpdate {
  /** The record's fields the payload named. */
  sent: readonly string[];
  passwordHash?: string;
  now: Date;
}

const EMAIL = 'email';

/**
 * The policy `update me` changes the caller's own record with: section 6 decides every field as
 * for any update of User, and the caller may also change their email, which no row needs to
 * allow (it is their sign-in, as the password is). Inside the update's transaction, once the
 * change is allowed, the credential follows the email, a new password's hash is stored and every
 * session of the user ends: all of it rolls back with the update if anything fails.
 */
export function selfUpdatePolicy(base: Policy, self: Actor, update: SelfUpdate): Policy {
  const onlyEmail = update.sent.every((name) => name === EMAIL);
  return overridePolicy(base, {
    writableFields: (actor, entity, action) => {
      const fields = base.writableFields(actor, entity, action);
      return entity === 'User' && action === 'update' ? new Set([...fields, EMAIL]) : fields;
    },
    async canUpdate(actor, entity, stored, record, db) {
      if (entity !== 'User' || String(stored.id) !== self.id) return false;
      const others = { ...record, [EMAIL]: stored[EMAIL] };
      // The email needs no row of section 6; everything else does, as for any update of User.
      const allowed = onlyEmail || (await base.canUpdate(actor, entity, stored, others, db));
      // Asked first with the stored record itself (may they change it at all): nothing to do yet.
      if (!allowed || record === stored) return allowed;
      const email = typeof record.email === 'string' ? record.email : String(stored.email);
      const change = {
        email,
        ...(update.passwordHash ? { passwordHash: update.passwordHash } : {}),
      };
      await changeCredential(db, String(stored.email), change, update.now);
      if (update.passwordHash) await revokeUserSessions(db, self.id);
      return true;
    },
  });
}
