import { checkFields } from '@specrun/model';
import type { PreparedApp } from '../app/prepared-app.js';
import { AppError } from '../catalogue/app-error.js';
import { userRecord } from '../callers/user-record.js';
import { checkInDatabase } from '../operations/check-in-database.js';
import { checkSettings } from '../operations/check-settings.js';
import { computeFields } from '../operations/compute-fields.js';
import { recordUpdate } from '../operations/record-update.js';
import type { OperationContext } from '../operations/operation-context.js';
import { validationError } from '../operations/validation-error.js';
import { failingRules } from '../rules/run-rules.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { updateRecord } from '../store/records.js';
import type { EffectTargetRecord } from './effect-target.js';
import { causeEntry, type EffectCause } from './effect-values.js';
import { merged } from '../objects/merged.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An effect's `update target with …`: the fields it sets are checked as an update's (section 3
 * on the fields that change, references and `unique` in the database), the update rules of
 * section 5 run on the record as it would be saved (a failing one refuses the whole transition
 * with its code), and the change is written at the version read (CONFLICT when another write
 * won) with an `update` entry in its history naming the cause and the fields changed.
 */
export async function updateByEffect(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  target: EffectTargetRecord,
  assigned: WireRecord,
  cause: EffectCause,
): Promise<void> {
  const { prepared, stored } = target;
  const id = stored.id as string;
  const changed = Object.keys(assigned).filter((name) => !same(assigned[name], stored[name]));
  if (changed.length === 0) return;
  const checked = checkFields(prepared, assigned, changed, checkSettings(app, ctx.now));
  const options = { self: id, whole: stored };
  const inDb = await checkInDatabase(db, prepared, app.tables, checked.values, options);
  const problems = new Map([...checked.problems, ...inDb]);
  const changes: WireRecord = Object.fromEntries(changed.map((f) => [f, checked.values[f]]));
  const record = computeFields(prepared, merged(stored, changes), ctx.now);
  const input = { record, old: stored, user: userRecord(ctx.actor), now: ctx.now };
  const rules = await failingRules(db, prepared.rules, 'update', input, new Set(problems.keys()));
  const error = validationError(app.catalogue, problems, rules);
  if (error) throw error;
  for (const p of prepared.fields.values())
    if (p.computed !== undefined) changes[p.field.name] = record[p.field.name];
  const by = ctx.actor?.id ?? null;
  const version = stored.version as number;
  const updated = await updateRecord(db, prepared.table, id, version, changes, {
    by,
    now: ctx.now,
  });
  if (!updated) throw new AppError('CONFLICT');
  await recordUpdate(
    db,
    prepared,
    { stored, updated, written: changed, cause: causeEntry(cause) },
    ctx,
  );
}
