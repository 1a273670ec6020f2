import { checkFields } from '@specrun/model';
import type { PreparedApp } from '../app/prepared-app.js';
import { userRecord } from '../callers/user-record.js';
import { applyDefaults } from '../operations/apply-defaults.js';
import { checkInDatabase } from '../operations/check-in-database.js';
import { checkSettings, inputFields } from '../operations/check-settings.js';
import { computeFields } from '../operations/compute-fields.js';
import { initialState } from '../operations/initial-state.js';
import { numberRecord } from '../operations/number-record.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import { chooseSlugs } from '../operations/slug-fields.js';
import { validationError } from '../operations/validation-error.js';
import { failingRules } from '../rules/run-rules.js';
import type { Db } from '../store/db-type.js';
import { appendHistory } from '../store/history.js';
import type { WireRecord } from '../store/record-codec.js';
import { insertRecord } from '../store/records.js';
import { causeEntry, type EffectCause } from './effect-values.js';

/**
 * An effect's `create Entity with …`: the record is made as a create makes it, without section 6
 * (the specification made it, not the caller): defaults, the checks of section 3, references and
 * `unique` in the database, its initial state (a data-dependent one asked on this transaction),
 * the create rules of section 5 (a failing one refuses the whole transition with its code) and
 * its numbers. Its history starts with a `create` entry by the caller, naming the cause.
 */
export async function createByEffect(
  app: PreparedApp,
  db: Db,
  ctx: OperationContext,
  prepared: PreparedEntity,
  assigned: WireRecord,
  cause: EffectCause,
): Promise<void> {
  const { actor, now } = ctx;
  const withDefaults = applyDefaults(prepared, ctx, assigned);
  const settings = checkSettings(app, now);
  const checked = checkFields(prepared, withDefaults, inputFields(prepared), settings);
  await chooseSlugs(db, prepared, checked.values);
  const inDb = await checkInDatabase(db, prepared, app.tables, checked.values);
  const problems = new Map([...checked.problems, ...inDb]);
  const at = now.toISOString();
  const engine = { id: null, createdAt: at, updatedAt: at, createdBy: actor?.id ?? null };
  const user = userRecord(actor);
  const withState = (state: string | undefined): WireRecord => {
    const values: WireRecord = { ...checked.values };
    if (prepared.state) values[prepared.state.field] = state;
    return computeFields(prepared, values, now);
  };
  let values = withState(prepared.state?.initial);
  if (prepared.state?.choices.length) {
    const { choices, initial } = prepared.state;
    const record = { ...values, ...engine, version: 1 };
    values = withState(await initialState(db, choices, initial, { record, user, now }));
  }
  const input = { record: { ...values, ...engine, version: 1 }, user, now };
  const failing = await failingRules(db, prepared.rules, 'create', input, new Set(problems.keys()));
  const error = validationError(app.catalogue, problems, failing);
  if (error) throw error;
  const timeZone = app.model.properties.timeZone;
  if (prepared.numbered.length > 0)
    Object.assign(
      values,
      await numberRecord(db, prepared.entity.name, prepared.numbered, values, now, timeZone),
    );
  const created = await insertRecord(db, prepared.table, values, { by: actor?.id ?? null, now });
  const state = prepared.state ? (created[prepared.state.field] as string) : null;
  await appendHistory(db, prepared.table, {
    recordId: created.id as string,
    action: 'create',
    toState: state,
    input: causeEntry(cause),
    byUser: actor?.id ?? null,
    at: now,
  });
}
