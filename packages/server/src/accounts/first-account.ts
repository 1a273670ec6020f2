import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import type { Dialect } from '../store/column-codec.js';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { BeforeCredential } from './credential-policy.js';
import { isLocalRequest } from './local-request.js';
import { isSetupCode } from './setup-code.js';
import { firstAccountTaken } from './sign-up-mode.js';

// Any fixed number: first sign-ups on one PostgreSQL take turns.
const FIRST_ACCOUNT_LOCK = 7_236_452_021;

/** Whether any account exists. */
export async function hasAccounts(db: Db, users: EntityTable): Promise<boolean> {
  const row = await db.selectFrom(users.table).select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Inside the sign-up's transaction: refuses unless no account exists yet. On PostgreSQL the
 * transactions of racing first sign-ups take a lock in turn, and each counts after the previous
 * committed (READ COMMITTED reads afresh per statement); SQLite's write transactions are already
 * one at a time. So of two first sign-ups, exactly one succeeds.
 */
export function onlyFirstAccount(dialect: Dialect, users: EntityTable): BeforeCredential {
  return async (trx) => {
    if (dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`.execute(trx);
    if (await hasAccounts(trx, users)) throw firstAccountTaken();
  };
}

/**
 * Refuses a first sign-up that is neither made on this machine nor carries the setup code
 * `specrun start` printed: otherwise whoever reaches the server first (through a proxy, or a page
 * of another site by DNS rebinding) would become its administrator.
 */
export function checkFirstAccountCaller(
  request: FastifyRequest,
  behindProxy: boolean,
  setupCode: string | undefined,
  given: unknown,
): void {
  if (isLocalRequest(request, behindProxy)) return;
  if (setupCode !== undefined && isSetupCode(given, setupCode)) return;
  const message =
    given === undefined
      ? 'The first account is made on the computer that runs specrun, or with the setup code `specrun start` printed: give it.'
      : 'This is not the setup code `specrun start` printed.';
  throw new AppError('VALIDATION_FAILED', message, {}, [
    { field: 'setupCode', code: 'VALIDATION_FAILED', message },
  ]);
}
