import { checkFields } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { updateRecord as storeUpdate } from '../store/records.js';
import type { WireRecord } from '../store/record-codec.js';
import { checkInDatabase } from './check-in-database.js';
import { checkKeptFiles } from './kept-files.js';
import { recordUpdate } from './record-update.js';
import { referenceReader } from './reference-reader.js';
import { computeFields } from './compute-fields.js';
import { countingTransaction } from '../rules/counting-transaction.js';
import { turnKeys } from '../rules/turn-keys.js';
import { userRecord } from '../callers/user-record.js';
import type { PreparedApp } from '../app/prepared-app.js';
import { checkSettings } from './check-settings.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { readBody } from './read-body.js';
import { readableRecord } from './readable-record.js';
import { refusal, unreadable } from './refusal.js';
import { failingRules } from '../rules/run-rules.js';
import { storeWork } from './store-errors.js';
import { validationError } from './validation-error.js';
import { checkSlugsFree } from './retry-slug-clash.js';
import { chooseSlugs } from './slug-fields.js';
import { copied, merged } from '../objects/merged.js';

const OWN_ROLES =
  'You cannot change the roles of your own account: another account that manages users can.';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Changes some fields of a record at `expectedVersion` (or at the version it finds, when none is
 * expected), in one transaction: NOT_FOUND when it is
 * gone or unreadable, CONFLICT when stale, 400 for fields that cannot be sent, section 6 on the
 * stored record, the checks of the fields that change, section 6 on the record as it would be
 * saved, then the update rules; the fields it changed are written to the record's history.
 */
export function updateRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  id: string,
  body: unknown,
  expectedVersion: number | undefined,
): Promise<WireRecord> {
  const { actor, policy } = ctx;
  const entity = prepared.entity.name;
  return storeWork(() =>
    countingTransaction(app.store, async (trx, takeTurn) => {
      const stored = await readableRecord(trx, prepared, ctx, id);
      if (!stored) throw unreadable(policy, actor, entity, id);
      const writable = policy.writableFields(actor, entity, 'update');
      // No row lets the caller change anything here: a refusal, not a list of fields.
      if (writable.size === 0) throw refusal(actor);
      const version = stored.version as number;
      if (expectedVersion !== undefined && version !== expectedVersion)
        throw new AppError('CONFLICT');
      const sent = readBody(prepared, body, writable);
      if (!(await policy.canUpdate(actor, entity, stored, stored, trx))) throw refusal(actor);
      // Rules of section 3 apply to the fields the update changes, not to those sent unchanged.
      const changed = Object.keys(sent).filter((name) => !same(sent[name], stored[name]));
      // As with deactivation: nobody drops their own roles, and locks themselves out, by mistake.
      if (entity === 'User' && id === actor?.id && changed.includes('roles'))
        throw new AppError('FORBIDDEN', OWN_ROLES);
      const checked = checkFields(prepared, sent, changed, checkSettings(app, ctx.now));
      checkKeptFiles(prepared, checked, stored);
      await chooseSlugs(trx, prepared, checked.values, { stored, problems: checked.problems });
      // A reference the caller changes must name a record they may read, as on create.
      const reader = referenceReader(ctx, changed);
      const inDb = await checkInDatabase(trx, prepared, app.tables, checked.values, {
        self: id,
        reader,
        whole: stored,
      });
      checkSlugsFree(prepared.slugs, inDb);
      const problems = new Map([...checked.problems, ...inDb]);
      const changes: WireRecord = copied(checked.values);
      for (const name of inDb.keys()) delete changes[name];
      const record = computeFields(prepared, merged(stored, changes), ctx.now);
      const input = { record, old: stored, user: userRecord(actor), now: ctx.now };
      // Section 6 decides before the rules run, so a refused caller learns nothing from them.
      if (!(await policy.canUpdate(actor, entity, stored, record, trx))) throw refusal(actor);
      const pins = prepared.countsOn.update;
      const rows = [stored, record];
      await takeTurn(() => turnKeys(app.counted, { entity, pins, values: input, rows }));
      const rules = await failingRules(
        trx,
        prepared.rules,
        'update',
        input,
        new Set(problems.keys()),
      );
      const error = validationError(app.catalogue, problems, rules);
      if (error) throw error;
      for (const p of prepared.fields.values())
        if (p.computed !== undefined) changes[p.field.name] = record[p.field.name];
      const updated = await storeUpdate(trx, prepared.table, id, version, changes, {
        by: actor?.id ?? null,
        now: ctx.now,
      });
      if (!updated) throw new AppError('CONFLICT');
      await recordUpdate(
        trx,
        prepared,
        { stored, updated, written: Object.keys(changes), cause: null },
        ctx,
      );
      return updated;
    }),
  );
}
