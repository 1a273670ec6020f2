import { checkFields } from '@specrun/model';
import { insertRecord } from '../store/records.js';
import type { WireRecord } from '../store/record-codec.js';
import { applyDefaults } from './apply-defaults.js';
import { checkInDatabase } from './check-in-database.js';
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
import { refusal } from './refusal.js';
import { failingRules } from '../rules/run-rules.js';
import { storeWork } from './store-errors.js';
import { validationError } from './validation-error.js';

/** The values to store: the checked ones, the initial state and the computed fields. */
function storedValues(
  app: PreparedApp,
  prepared: PreparedEntity,
  checked: WireRecord,
  now: Date,
): WireRecord {
  const values: WireRecord = { ...checked };
  if (prepared.state) values[prepared.state.field] = prepared.state.initial;
  return computeFields(prepared, values, now);
}

/**
 * Creates a record in one transaction: the body is read (400), defaults applied, fields checked
 * (types, required, section 3 rules, references and unique in the database; a reference sent to
 * a record the caller may not read is refused as one to a record that does not exist), section 6
 * decides on the record as it would be saved, then section 5 rules run. Any problem rolls
 * everything back.
 */
export function createRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  body: unknown,
): Promise<WireRecord> {
  const { actor, now } = ctx;
  const entity = prepared.entity.name;
  const writable = ctx.policy.writableFields(actor, entity, 'create');
  // No row lets the caller create here: a refusal, not a list of fields they may not set.
  if (writable.size === 0) throw refusal(actor);
  const sent = readBody(prepared, body, writable, app.catalogue);
  const withDefaults = applyDefaults(prepared, ctx, sent);
  const checked = checkFields(
    prepared,
    withDefaults,
    inputFields(prepared),
    checkSettings(app, now),
  );
  return storeWork(() =>
    countingTransaction(app.store, async (trx, takeTurn) => {
      const reader = referenceReader(ctx, Object.keys(sent));
      const inDb = await checkInDatabase(trx, prepared, app.tables, checked.values, { reader });
      const problems = new Map([...checked.problems, ...inDb]);
      const valid: WireRecord = { ...checked.values };
      for (const name of inDb.keys()) delete valid[name];
      const values = storedValues(app, prepared, valid, now);
      const at = now.toISOString();
      const engine = { id: null, createdAt: at, updatedAt: at, createdBy: actor?.id ?? null };
      const record = { ...values, ...engine, version: 1 };
      // Section 6 decides before the rules run, so a refused caller learns nothing from them.
      if (!(await ctx.policy.canCreate(actor, entity, record, trx, Object.keys(sent))))
        throw refusal(actor);
      const input = { record, user: userRecord(actor), now };
      const rules = prepared.rules;
      const pins = prepared.countsOn.create;
      await takeTurn(turnKeys(app.counted, { entity, pins, values: input, rows: [record] }));
      const failing = await failingRules(trx, rules, 'create', input, new Set(problems.keys()));
      const error = validationError(app.catalogue, problems, failing);
      if (error) throw error;
      return insertRecord(trx, prepared.table, values, { by: actor?.id ?? null, now });
    }),
  );
}
