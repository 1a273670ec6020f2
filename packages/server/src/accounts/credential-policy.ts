import type { Policy } from '../permissions/policy.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { insertCredential } from './credentials.js';
import { overridePolicy } from './override-policy.js';

/** Work to do in the create's transaction before the hash is stored (the first-account check). */
export type BeforeCredential = (trx: Db, record: WireRecord) => Promise<void>;

/**
 * Wraps the policy a User create runs with so that the password hash is stored in the create's
 * own transaction: the policy's create decision is the one seam the operations call inside it,
 * with the transaction, once the record is checked (docs in operations/policy.ts). When `base`
 * allows the account, the hash goes in; if anything after fails, both roll back together, so
 * there is never a user without a password.
 */
export function withCredential(
  base: Policy,
  passwordHash: string,
  now: Date,
  before?: BeforeCredential,
): Policy {
  return overridePolicy(base, {
    async canCreate(actor, entity, record, db) {
      if (!(await base.canCreate(actor, entity, record, db))) return false;
      if (entity !== 'User') return true;
      await before?.(db, record);
      // A bad or taken email has been taken out of the record, and the create will be refused
      // for it after this decision: no hash to store.
      if (typeof record.email === 'string')
        await insertCredential(db, record.email, passwordHash, now);
      return true;
    },
  });
}
