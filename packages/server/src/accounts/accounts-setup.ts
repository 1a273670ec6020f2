import {
  engineLimits,
  signUpMode,
  type AppModel,
  type ApiCall,
  type Catalogue,
  type EngineLimits,
  type SignUpMode,
} from '@specrun/model';
import type { Policy } from '../permissions/policy.js';
import type { EntityOperations } from '../operations/prepare-operations.js';
import { deriveTables } from '../store/derive-tables.js';
import { resolveTables, type EntityTable } from '../store/entity-tables.js';
import type { Store } from '../store/open-store.js';
import { ensureAccountTables } from './account-tables.js';
import { actorQueries, type ActorQueries } from './actor-query.js';
import type { BeforeCredential } from './credential-policy.js';
import { onlyFirstAccount } from './first-account.js';
import { hashPassword, PASSWORD_COST, type ScryptCost } from './password-hash.js';
import { signUpFields } from './sign-up-fields.js';
import { signUpPolicy } from './sign-up-policy.js';

/** What registerAccounts is given. */
export interface AccountDeps {
  model: AppModel;
  /** A store migrated to the model. */
  store: Store;
  catalogue: Catalogue;
  /** The User operations of prepareOperations(model, store). */
  users: EntityOperations;
  /** Section 6's policy: what users see of themselves. */
  policy: Policy;
  /** apiCalls(model): the account calls among them are served here. */
  calls: readonly ApiCall[];
  /** The scrypt cost of new hashes; PASSWORD_COST unless told. */
  passwordCost?: ScryptCost;
}

/** Everything the account calls need, resolved once at start. */
export interface Accounts {
  deps: AccountDeps;
  users: EntityTable;
  queries: ActorQueries;
  mode: SignUpMode;
  limits: EngineLimits;
  cost: ScryptCost;
  /** The fields of User a person signing up may give (password apart). */
  signUpFields: ReadonlySet<string>;
  /** The policy sign-up creates accounts with. */
  signUpPolicy: Policy;
  /** With section 6 unspecified: the check, in the sign-up's transaction, that none exists yet. */
  onlyFirstAccount?: BeforeCredential;
  /**
   * A hash of no one's password, checked when the email is unknown so that the answer takes as
   * long as for a wrong password: timing does not tell which emails have accounts.
   */
  dummyHash: string;
}

/** Creates the account tables if needed and resolves what the calls need. */
export async function prepareAccounts(deps: AccountDeps): Promise<Accounts> {
  const { model, store } = deps;
  const users = resolveTables(store.db, store.dialect, deriveTables(model)).get('User');
  if (!users) throw new Error('the model has no User table');
  const cost = deps.passwordCost ?? PASSWORD_COST;
  const mode = signUpMode(model);
  const fields = signUpFields(model, mode);
  const [dummyHash] = await Promise.all([
    hashPassword('no one has this password', cost),
    ensureAccountTables(store.db, store.dialect, users.table),
  ]);
  const accounts: Accounts = {
    deps,
    users,
    queries: actorQueries(store.db, model, users),
    mode,
    limits: engineLimits(model),
    cost,
    signUpFields: fields,
    signUpPolicy: signUpPolicy(deps.policy, fields),
    dummyHash,
  };
  if (mode.kind === 'first-account')
    accounts.onlyFirstAccount = onlyFirstAccount(store.dialect, users);
  return accounts;
}
