import { checkFields } from '@specrun/model';
import { insertRecord } from '../store/records.js';
import type { WireRecord } from '../store/record-codec.js';
import { applyDefaults } from './apply-defaults.js';
import { checkInDatabase } from './check-in-database.js';
import { checkKeptFiles } from './kept-files.js';
import { referenceReader } from './reference-reader.js';
import { computeFields } from './compute-fields.js';
import { countingTransaction } from '../rules/counting-transaction.js';
import { turnKeys } from '../rules/turn-keys.js';
import { userRecord } from '../callers/user-record.js';
import type { PreparedApp } from '../app/prepared-app.js';
import { checkSettings, inputFields } from './check-settings.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { readBody } from './read-body.js';
import { initialState } from './initial-state.js';
import { numberRecord } from './number-record.js';
import { ensureCounters } from '../store/counters.js';
import { refusal } from './refusal.js';
import { failingRules } from '../rules/run-rules.js';
import { storeWork } from './store-errors.js';
import { validationError } from './validation-error.js';
import { checkSlugsFree } from './retry-slug-clash.js';
import { chooseSlugs } from './slug-fields.js';
import { copied, merged } from '../objects/merged.js';

/** The values to store: the checked ones, the initial state and the computed fields. */
function storedValues(
  prepared: PreparedEntity,
  checked: WireRecord,
  now: Date,
  state = prepared.state?.initial,
): WireRecord {
  const values: WireRecord = copied(checked);
  if (prepared.state) values[prepared.state.field] = state;
  return computeFields(prepared, values, now);
}

/** The record in each state it may start in, for the turn (a count may be pinned on the state). */
function startingRows(prepared: PreparedEntity, record: WireRecord): WireRecord[] {
  if (!prepared.state?.choices.length) return [record];
  const { field, initial, choices } = prepared.state;
  return [initial, ...choices.map((c) => c.state)].map((s) => merged(record, { [field]: s }));
}

/**
 * Creates a record in one transaction: the body is read (400), defaults applied, fields checked
 * (types, required, section 3 rules, references and unique in the database; a reference sent to
 * a record the caller may not read is refused as one to a record that does not exist), section 6
 * decides on the record as it would be saved; the record's initial state is chosen (a
 * data-dependent one, after the create has taken its turn), section 5 rules run, numbered
 * fields take their numbers, and the `After create` effects of section 4 run. Slugs are derived
 * from their sources first (prepare-operations.ts tries again when another write took one
 * meanwhile). Any problem rolls everything back.
 */
export function createRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  body: unknown,
  /** Values the call gives rather than the caller (a parent's reference, by the path). */
  fixed: WireRecord = {},
): Promise<WireRecord> {
  const { actor, now } = ctx;
  const entity = prepared.entity.name;
  const writable = ctx.policy.writableFields(actor, entity, 'create');
  // No row lets the caller create here: a refusal, not a list of fields they may not set.
  if (writable.size === 0) throw refusal(actor);
  const sent = readBody(prepared, body, writable);
  const withDefaults = applyDefaults(prepared, ctx, merged(sent, fixed));
  const checked = checkFields(
    prepared,
    withDefaults,
    inputFields(prepared),
    checkSettings(app, now),
  );
  checkKeptFiles(prepared, checked);
  const timeZone = app.model.properties.timeZone;
  return storeWork(async () => {
    if (prepared.numbered.length > 0) await ensureCounters(app.store);
    await prepared.afterCreate?.prepareStore();
    return countingTransaction(app.store, async (trx, takeTurn) => {
      const reader = referenceReader(ctx, Object.keys(sent));
      await chooseSlugs(trx, prepared, checked.values);
      const inDb = await checkInDatabase(trx, prepared, app.tables, checked.values, { reader });
      checkSlugsFree(prepared.slugs, inDb);
      const problems = new Map([...checked.problems, ...inDb]);
      const valid: WireRecord = copied(checked.values);
      for (const name of inDb.keys()) delete valid[name];
      let values = storedValues(prepared, valid, now);
      const at = now.toISOString();
      const engine = { id: null, createdAt: at, updatedAt: at, createdBy: actor?.id ?? null };
      let record = merged(values, engine, { version: 1 });
      // Section 6 decides before the rules run, so a refused caller learns nothing from them.
      if (!(await ctx.policy.canCreate(actor, entity, record, trx, Object.keys(sent))))
        throw refusal(actor);
      const user = userRecord(actor);
      const rules = prepared.rules;
      const pins = prepared.countsOn.create;
      await takeTurn(() => {
        const rows = startingRows(prepared, record);
        return turnKeys(app.counted, { entity, pins, values: { record, user }, rows });
      });
      if (prepared.state?.choices.length) {
        const { choices, initial } = prepared.state;
        const state = await initialState(trx, choices, initial, { record, user, now });
        values = storedValues(prepared, valid, now, state);
        record = merged(values, engine, { version: 1 });
      }
      const input = { record, user, now };
      const failing = await failingRules(trx, rules, 'create', input, new Set(problems.keys()));
      const error = validationError(app.catalogue, problems, failing);
      if (error) throw error;
      if (prepared.numbered.length > 0)
        Object.assign(
          values,
          await numberRecord(trx, entity, prepared.numbered, values, now, timeZone),
        );
      const created = await insertRecord(trx, prepared.table, values, {
        by: actor?.id ?? null,
        now,
      });
      // `- After create:` effects, in this transaction: a refusal rolls the create back too.
      await prepared.afterCreate?.run(trx, ctx, created, sent);
      return created;
    });
  });
}
