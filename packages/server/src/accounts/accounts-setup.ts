import type { EntityOperations } from '../operations/prepare-operations.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { PreparedApp } from '../app/prepared-app.js';
import { signUpMode, type EngineLimits, type SignUpMode } from '@specrun/model';
import { ensureAccountTables } from './account-tables.js';
import { actorQueries, type ActorQueries } from './actor-query.js';
import type { BeforeCredential } from './credential-policy.js';
import { hasAccounts, onlyFirstAccount } from './first-account.js';
import { PASSWORD_COST, unmatchableHash, type ScryptCost } from './password-hash.js';
import { passwordRules, type PasswordRules } from './password-rules.js';
import { newSetupCode } from './setup-code.js';
import { signUpFields } from './sign-up-fields.js';
import { signUpPolicy } from './sign-up-policy.js';
import type { Policy } from '../permissions/policy.js';

/** What registerAccounts is given. */
export interface AccountDeps {
  /** The application prepared on a store migrated to its model; its account calls are served. */
  app: PreparedApp;
  /** The User operations of prepareOperations(app). */
  users: EntityOperations;
  /** The scrypt cost of new hashes; PASSWORD_COST unless told. */
  passwordCost?: ScryptCost;
  /** Whether a proxy is configured in front: then no request is local (see isLocalRequest). */
  behindProxy?: boolean;
  /**
   * Told the one-time code that lets the first account be made from elsewhere than this machine,
   * when section 6 is unspecified and no account exists yet. Without it, only a request made on
   * this machine can make the first account.
   */
  onSetupCode?: (code: string) => void;
}

/** Everything the account calls need, resolved once at start. */
export interface Accounts {
  deps: AccountDeps;
  users: EntityTable;
  queries: ActorQueries;
  mode: SignUpMode;
  limits: EngineLimits;
  cost: ScryptCost;
  /**
   * What new passwords are checked against, loaded when first asked (see common-passwords.ts):
   * only a call that sets a password waits for the list, and only the first one.
   */
  passwords: () => Promise<PasswordRules>;
  behindProxy: boolean;
  /** The first account's one-time code, while it is awaited (see AccountDeps.onSetupCode). */
  setupCode?: string;
  /** The fields of User a person signing up may give (password apart). */
  signUpFields: ReadonlySet<string>;
  /** The policy sign-up creates accounts with. */
  signUpPolicy: Policy;
  /** With section 6 unspecified: the check, in the sign-up's transaction, that none exists yet. */
  onlyFirstAccount?: BeforeCredential;
  /**
   * A hash no password gives, checked when the email is unknown so that the answer takes as
   * long as for a wrong password: timing does not tell which emails have accounts.
   */
  dummyHash: string;
}

/** Creates the account tables if needed and resolves what the calls need. */
export async function prepareAccounts(deps: AccountDeps): Promise<Accounts> {
  const { model, store } = deps.app;
  const users = deps.app.tables.get('User');
  if (!users) throw new Error('the model has no User table');
  const cost = deps.passwordCost ?? PASSWORD_COST;
  const mode = signUpMode(model);
  const fields = signUpFields(model, mode);
  await ensureAccountTables(store.db, store.dialect, users.table);
  const accounts: Accounts = {
    deps,
    users,
    queries: actorQueries(store.db, model, users),
    mode,
    limits: deps.app.limits,
    cost,
    passwords: () => passwordRules(deps.app),
    behindProxy: deps.behindProxy ?? false,
    signUpFields: fields,
    signUpPolicy: signUpPolicy(deps.app.policy, fields),
    dummyHash: unmatchableHash(cost),
  };
  if (mode.kind !== 'first-account') return accounts;
  accounts.onlyFirstAccount = onlyFirstAccount(store.dialect, users);
  if (deps.onSetupCode && !(await hasAccounts(store.db, users))) {
    accounts.setupCode = newSetupCode();
    deps.onSetupCode(accounts.setupCode);
  }
  return accounts;
}
