import { readComputedValues } from '../store/computed-values.js';
import type { WireRecord } from '../store/record-codec.js';
import { computeFields } from './compute-fields.js';
import type { PreparedApp } from '../app/prepared-app.js';
import type { VisibleFieldsOptions } from '../permissions/policy.js';
import type { OperationContext } from './operation-context.js';
import type { PreparedEntity } from './prepared-entity.js';
import { merged } from '../objects/merged.js';

// Each record shown is made here from a stored one, which may hold fields the caller cannot
// see; what a record offers (its actions) is decided on the stored one, so it is kept beside.
const storedBehind = new WeakMap<WireRecord, WireRecord>();

/** The stored record a record shown by visibleRecords was made from, while it is referenced. */
export function storedRecordOf(shown: WireRecord): WireRecord | undefined {
  return storedBehind.get(shown);
}

/** What is known of records to show, beyond what the policy is told (VisibleFieldsOptions). */
export interface ShownOptions extends VisibleFieldsOptions {
  /** Just written by this request: their computed fields were worked out at its instant. */
  written?: boolean;
}

/**
 * Stored records as the caller sees them: computed fields worked out, and only the fields section
 * 6 lets the caller read on each record (which may differ from record to record when conditional
 * rows give different fields). The policy decides for the whole batch at once.
 */
export async function visibleRecords(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  records: readonly WireRecord[],
  { written = false, ...options }: ShownOptions = {},
): Promise<WireRecord[]> {
  const entity = prepared.entity.name;
  const db = app.store.db;
  const fields = await ctx.policy.visibleFields(ctx.actor, entity, records, db, options);
  const computes = prepared.computed.length > 0 && !written;
  return records.map((record, i) => {
    const full = computes ? computeFields(prepared, record, ctx.now) : record;
    const readable = fields[i]!;
    const out: WireRecord = { id: full.id };
    for (const name in full) if (readable.has(name)) out[name] = full[name];
    storedBehind.set(out, record);
    return out;
  });
}

/** One stored record as the caller sees it (a record just written, or one just read). */
export async function visibleRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  record: WireRecord,
  options: ShownOptions = {},
): Promise<WireRecord> {
  const [shown] = await visibleRecords(app, prepared, ctx, [record], options);
  return shown!;
}

/**
 * A record just written, as the caller sees it: its computed values of this request's instant,
 * those the database works out read once the write is done (as any later read would see them).
 */
export async function writtenRecord(
  app: PreparedApp,
  prepared: PreparedEntity,
  ctx: OperationContext,
  record: WireRecord,
): Promise<WireRecord> {
  const computed = prepared.computedInDatabase.length > 0 ? prepared.databaseValues(ctx) : {};
  const db = app.store.db;
  const values = await readComputedValues(db, prepared.table, record.id as string, computed);
  return visibleRecord(app, prepared, ctx, merged(record, values), { written: true });
}
