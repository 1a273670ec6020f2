import type { PreparedApp } from '../app/prepared-app.js';
import { userRecord } from '../callers/user-record.js';
import type { TakeTurn } from '../rules/counting-transaction.js';
import { failingRules } from '../rules/run-rules.js';
import { turnKeys } from '../rules/turn-keys.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { validationError } from './validation-error.js';

/**
 * Runs the rules of section 5 that run on delete, on the stored record as `old` (the language
 * lets them name nothing else of the record), in the delete's transaction: throws the failing
 * rule's error (VALIDATION_FAILED listing them, when several fail). A rule that counts takes the
 * turn of its counts first, so that two deletes racing (the last two owners of a project) do not
 * each count the other and both pass.
 */
export async function refuseByRules(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  stored: WireRecord,
  takeTurn: TakeTurn,
  trx: Db,
): Promise<void> {
  const rules = prepared.rules.filter((r) => r.on.includes('delete'));
  if (rules.length === 0) return;
  const entity = prepared.entity.name;
  const user = userRecord(ctx.actor);
  const values = { record: stored, old: stored, user };
  const pins = prepared.countsOn.delete;
  await takeTurn(() => turnKeys(app.counted, { entity, pins, values, rows: [stored] }));
  const input = { record: stored, old: stored, user, now: ctx.now };
  const failing = await failingRules(trx, rules, 'delete', input, new Set());
  const error = validationError(app.catalogue, new Map(), failing);
  if (error) throw error;
}
