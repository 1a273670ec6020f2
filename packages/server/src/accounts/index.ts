export { registerAccounts } from './register-accounts.js';
export type { AccountDeps } from './accounts-setup.js';
export { ensureAccountTables } from './account-tables.js';
export {
  addAccount,
  generatePassword,
  setAccountRoles,
  type NewAccount,
} from './manage-accounts.js';
export { checkAssignableRoles } from './assignable-roles.js';
export { createAccount } from './create-account.js';
export { withCredential } from './credential-policy.js';
export { PASSWORD_COST, type ScryptCost } from './password-hash.js';
export { checkNewPassword } from './password-rules.js';
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@specrun/model';
export { SESSION_COOKIE } from './session-cookie.js';
import './request-actor.js';
