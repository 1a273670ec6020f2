import { randomBytes } from 'node:crypto';
import type { PreparedApp } from './prepared-app.js';
import { prepareApp } from './prepare-app.js';
import { accountEmail, type AppModel } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import type { Policy } from '../permissions/policy.js';
import { prepareOperations } from '../operations/prepare-operations.js';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { Store } from '../store/open-store.js';
import { ensureAccountTables } from '../accounts/account-tables.js';
import { checkAssignableRoles } from '../accounts/assignable-roles.js';
import { createAccount } from '../accounts/create-account.js';
import { overridePolicy } from '../accounts/override-policy.js';
import { PASSWORD_COST, type ScryptCost } from '../accounts/password-hash.js';
import { checkNewPassword, passwordRules } from '../accounts/password-rules.js';

/** An account the owner creates from the command line. */
export interface NewAccount {
  email: string;
  /** How the user is shown; the part of the email before `@` unless given. */
  name?: string;
  roles: readonly string[];
  password: string;
  /** The User's own fields of section 3 (`username` of a User that requires one). */
  fields?: Readonly<Record<string, unknown>>;
}

const NONE: ReadonlySet<string> = new Set();

/** The owner at the command line may set exactly these fields of User; section 6 the rest. */
function ownerPolicy(app: PreparedApp, fields: string[], action: 'create' | 'update') {
  const writable = new Set(fields);
  const owner: Partial<Policy> = {
    writableFields: (_actor, entity, asked) =>
      entity === 'User' && asked === action ? writable : NONE,
  };
  if (action === 'create') owner.canCreate = async (_actor, entity) => entity === 'User';
  else {
    owner.canReadRecord = async (_actor, entity) => entity === 'User';
    // Reads of a record ask the list's condition with the row: it must say the same.
    owner.listCondition = (_actor, entity) => ({ kind: entity === 'User' ? 'all' : 'deny' });
    owner.canUpdate = async (_actor, entity) => entity === 'User';
  }
  return overridePolicy(app.policy, owner);
}

function usersTable(app: PreparedApp): EntityTable {
  const users = app.tables.get('User');
  if (!users) throw new Error('the model has no User table');
  return users;
}

/** The account with this email, compared in its account form (every stored email is in it). */
async function userByEmail(db: Db, users: EntityTable, email: string) {
  return db
    .selectFrom(users.table)
    .select(['id', 'email', 'version'])
    .where('email', '=', accountEmail(email))
    .executeTakeFirst();
}

/** A strong password to print once: 24 random bytes, 32 characters of base64url. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Creates an account with its roles and password (`specrun users add`), validated like any User.
 * The store must be migrated to the model.
 */
export async function addAccount(
  model: AppModel,
  store: Store,
  account: NewAccount,
  cost: ScryptCost = PASSWORD_COST,
): Promise<{ id: string; email: string }> {
  const roles = checkAssignableRoles(model, account.roles);
  const app = prepareApp(model, store);
  const email = accountEmail(account.email);
  const password = checkNewPassword(await passwordRules(app), 'password', account.password, [
    email,
  ]);
  const users = usersTable(app);
  await ensureAccountTables(store.db, store.dialect, users.table);
  if (await userByEmail(store.db, users, email))
    throw new AppError('CONFLICT', `An account with the email ${email} already exists.`);
  const own = account.fields ?? {};
  const fields = { ...own, email, name: account.name ?? email.split('@')[0], roles };
  const policy = ownerPolicy(app, ['email', 'name', 'roles', ...Object.keys(own)], 'create');
  const ops = prepareOperations(app);
  const ctx = { actor: null, now: new Date(), policy };
  const created = await createAccount(ops.User!, ctx, fields, password, cost);
  return { id: String(created.id), email };
}

/** Replaces the roles of the account with this email (`specrun users set-roles`). */
export async function setAccountRoles(
  model: AppModel,
  store: Store,
  email: string,
  roles: readonly string[],
): Promise<void> {
  const checked = checkAssignableRoles(model, roles);
  const app = prepareApp(model, store);
  await ensureAccountTables(store.db, store.dialect, usersTable(app).table);
  const user = await userByEmail(store.db, usersTable(app), email);
  if (!user) throw new AppError('NOT_FOUND', `No account has the email ${email}.`);
  const policy = ownerPolicy(app, ['roles'], 'update');
  const ops = prepareOperations(app);
  const ctx = { actor: null, now: new Date(), policy };
  await ops.User!.updateRecord(ctx, String(user.id), { roles: checked }, Number(user.version));
}
