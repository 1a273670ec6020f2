import type { OperationContext } from '../operations/operation-context.js';
import type { EntityOperations } from '../operations/prepare-operations.js';
import type { WireRecord } from '../store/record-codec.js';
import { withCredential, type BeforeCredential } from './credential-policy.js';
import { hashPassword, type ScryptCost } from './password-hash.js';

/**
 * Creates an account: the User record, validated like any record by the User operations, and its
 * password hash, in ONE transaction. The slow hash is worked out first, outside the transaction,
 * so that no write waits for it. `ctx.policy` decides whether the caller may create the account.
 */
export async function createAccount(
  users: EntityOperations,
  ctx: OperationContext,
  fields: WireRecord,
  password: string,
  cost: ScryptCost,
  before?: BeforeCredential,
): Promise<WireRecord> {
  const hash = await hashPassword(password, cost);
  const policy = withCredential(ctx.policy, hash, ctx.now, before);
  return users.createRecord({ ...ctx, policy }, fields);
}
