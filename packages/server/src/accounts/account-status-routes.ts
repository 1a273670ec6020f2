import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import { onlyParams, single, type QueryParams } from '../calls/query-params.js';
import { refuseBody } from '../calls/refuse-body.js';
import type { Actor } from '../callers/actor.js';
import { isRecordId } from '../calls/record-id-form.js';
import { notFound } from '../operations/refusal.js';
import type { Accounts } from './accounts-setup.js';
import { accountManager, accountToManage, managedAccount } from './account-management.js';
import { deactivateAccount, deactivationsOf, reactivateAccount } from './deactivation.js';

/** The engine's account calls for those who manage accounts, served whatever section 7 declares. */
export const ACCOUNTS_PATH = '/api/_accounts';

/** One account's status, as its manager reads it. */
interface AccountStatus {
  id: string;
  active: boolean;
  deactivatedAt: string | null;
  /** The caller may deactivate and reactivate it (never their own). */
  manageable: boolean;
}

/** The ids asked for: comma-separated, each a record id, at most the largest page. */
function askedIds(accounts: Accounts, query: QueryParams): string[] {
  onlyParams(query, ['ids']);
  const text = single(query, 'ids');
  if (!text) throw new AppError('BAD_REQUEST', 'Give the accounts as ids=ID,ID,….');
  const ids = [...new Set(text.split(',').map((id) => id.trim()))];
  const most = accounts.limits.maxPageSize;
  if (ids.length > most)
    throw new AppError('BAD_REQUEST', `Ask for at most ${most} accounts at once.`);
  // An id that cannot be a record's names no account: left out, like one the caller may not read.
  return ids.filter(isRecordId);
}

async function statusesOf(accounts: Accounts, manager: Actor, ids: string[], now: Date) {
  const found = await Promise.all(ids.map((id) => managedAccount(accounts, manager, id, now)));
  const readable = found.filter((f) => f !== undefined);
  const db = accounts.deps.app.store.db;
  const deactivations = await deactivationsOf(
    db,
    readable.map((f) => String(f.record.id)),
  );
  return readable.map(({ record, manageable }): AccountStatus => {
    const off = deactivations.get(String(record.id));
    return {
      id: String(record.id),
      active: !off,
      deactivatedAt: off ? off.deactivatedAt.toISOString() : null,
      manageable,
    };
  });
}

/** Deactivates or reactivates the account the path names, and answers its status. */
async function change(accounts: Accounts, request: FastifyRequest, active: boolean) {
  onlyParams(request.query as QueryParams, []);
  const manager = accountManager(accounts, request.actor);
  const { id } = request.params as { id: string };
  if (!isRecordId(id)) throw notFound('User', id);
  const now = new Date();
  await accountToManage(accounts, manager, id, now);
  const { db, dialect } = accounts.deps.app.store;
  if (active) await reactivateAccount(db, id);
  else await deactivateAccount(db, dialect, id, manager.id, now);
  const [status] = await statusesOf(accounts, manager, [id], now);
  return status;
}

/**
 * Serves, to those section 6 lets change users' roles (see accountManager):
 * - GET /api/_accounts?ids=… — whether each account is active, for those of them the caller may
 *   read (others are left out, as if they did not exist);
 * - POST /api/_accounts/:id/deactivate — the account can no longer sign in, and every session of
 *   it ends at once;
 * - POST /api/_accounts/:id/reactivate — it signs in again with the password it had.
 */
export function registerAccountStatusRoutes(app: FastifyInstance, accounts: Accounts): void {
  const bodiless = { onRequest: refuseBody };
  app.get(ACCOUNTS_PATH, bodiless, async (request, reply) => {
    const manager = accountManager(accounts, request.actor);
    const ids = askedIds(accounts, request.query as QueryParams);
    reply.header('cache-control', 'no-store');
    return { items: await statusesOf(accounts, manager, ids, new Date()) };
  });
  app.post(`${ACCOUNTS_PATH}/:id/deactivate`, bodiless, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return change(accounts, request, false);
  });
  app.post(`${ACCOUNTS_PATH}/:id/reactivate`, bodiless, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return change(accounts, request, true);
  });
}
