import type { Actor } from '../callers/actor.js';
import type { Policy } from '../permissions/policy.js';
import type { WireRecord } from '../store/record-codec.js';
import { changeCredential } from './credentials.js';
import { overridePolicy } from './override-policy.js';
import { revokeUserSessions } from './sessions.js';

/** What `update me` changes besides the record: a new password's hash, when one was sent. */
export interface SelfCredential {
  passwordHash?: string;
  now: Date;
}

const EMAIL = 'email';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether nothing but the email differs between the stored record and the one to be saved. */
const onlyEmailChanges = (stored: WireRecord, record: WireRecord) =>
  Object.keys(record).every((k) => k === EMAIL || same(record[k], stored[k]));

/**
 * The policy `update me` changes the caller's own record with: section 6 decides every field as
 * for any update of User, and the caller may also change their email, which no row needs to
 * allow (it is their sign-in, as the password is). Inside the update's transaction, once the
 * change is allowed, the credential follows the email, a new password's hash is stored and every
 * session of the user ends: all of it rolls back with the update if anything fails.
 */
export function selfUpdatePolicy(base: Policy, self: Actor, credential: SelfCredential): Policy {
  return overridePolicy(base, {
    writableFields: (actor, entity, action) => {
      const fields = base.writableFields(actor, entity, action);
      return entity === 'User' && action === 'update' ? new Set([...fields, EMAIL]) : fields;
    },
    async canUpdate(actor, entity, stored, record, db) {
      if (entity !== 'User' || String(stored.id) !== self.id) return false;
      const others = { ...record, [EMAIL]: stored[EMAIL] };
      const allowed =
        onlyEmailChanges(stored, record) ||
        (await base.canUpdate(actor, entity, stored, others, db));
      // Asked first with the stored record itself (may they change it at all): nothing to do yet.
      if (!allowed || record === stored) return allowed;
      const email = typeof record.email === 'string' ? record.email : String(stored.email);
      const change = {
        email,
        ...(credential.passwordHash ? { passwordHash: credential.passwordHash } : {}),
      };
      await changeCredential(db, String(stored.email), change, credential.now);
      if (credential.passwordHash) await revokeUserSessions(db, self.id);
      return true;
    },
  });
}
