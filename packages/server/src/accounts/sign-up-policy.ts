import type { Policy } from '../permissions/policy.js';
import { overridePolicy } from './override-policy.js';

const NONE: ReadonlySet<string> = new Set();

/**
 * The policy a sign-up creates its account with. Sign-up follows the roles table, whatever section
 * 6 says about creating User: it may set exactly the sign-up fields and the roles worked out from
 * the table, nothing else; every other decision is section 6's.
 */
export function signUpPolicy(policy: Policy, signUpFields: ReadonlySet<string>): Policy {
  const writable = new Set([...signUpFields, 'roles']);
  return overridePolicy(policy, {
    writableFields: (_actor, entity, action) =>
      entity === 'User' && action === 'create' ? writable : NONE,
    canCreate: async (_actor, entity) => entity === 'User',
  });
}
