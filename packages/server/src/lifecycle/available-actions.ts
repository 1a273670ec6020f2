import { sql, type SqlBool } from 'kysely';
import { userRecord } from '../callers/user-record.js';
import { storedRecordOf } from '../operations/visible-record.js';
import { ConditionBatch, known, neverHolds, type Answer } from '../store/condition-batch.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { ComputedValues } from '../store/list-records.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { jsConditionsHold, loadPageBindings, type ExpressionBindings } from './js-conditions.js';
import type { LifecycleContext } from './lifecycle-context.js';
import type { LifecycleSetup } from './lifecycle-setup.js';
import { askCreateOffers } from './create-offers.js';
import { guardHolds } from './guard-holds.js';
import type { PreparedRow } from './prepared-lifecycle.js';
import { readRecords } from './read-records.js';
import { merged } from '../objects/merged.js';

/** What deciding a page's actions may take as known. */
export interface PageOptions {
  /** The connection to read on (a write's transaction), the store's by default. */
  db?: Db;
  /** The caller may read every record given (a list or a get has just proved it). */
  readable?: boolean;
  /**
   * Also offer the creates of other records referring to each one (`create:Booking.event`, see
   * create-offers.ts), in the same statement: every one for a record's page (`true`), or the one
   * named for a list a create form's picker shows (its records are the choices of that reference).
   */
  creates?: boolean | string;
}

/** An action offered by a record's state to the caller's roles, or a write, and what decides it. */
interface Offer {
  index: number;
  record: WireRecord;
  action: string;
  readable: Answer;
  leave: Answer;
  /** Each candidate row with whether its guard's SQL part holds; none for writes and creates. */
  rows?: { row: PreparedRow; sql: Answer }[];
}

/**
 * The stored records behind the records given, by id: those shown by the operations are known
 * (see storedRecordOf); any other is read again, in one query per page, since the caller may
 * hold only the fields they may see.
 */
async function storedRecords(
  db: Db,
  table: EntityTable,
  records: readonly WireRecord[],
  computed?: ComputedValues,
): Promise<Map<string, WireRecord>> {
  const known = new Map<string, WireRecord>();
  const missing: string[] = [];
  for (const record of records) {
    if (typeof record.id !== 'string') continue;
    const stored = storedRecordOf(record);
    if (stored) known.set(record.id, stored);
    else missing.push(record.id);
  }
  if (missing.length === 0) return known;
  for (const [id, record] of await readRecords(db, table, missing, computed)) known.set(id, record);
  return known;
}

/** The writes every record is asked about, after its lifecycle's actions. */
const WRITES = ['update', 'delete'] as const;

/**
 * The actions the caller may take now on each record, by the very checks a transition makes:
 * the record readable, a role in a row's Who from the record's state, section 6's leave, and the
 * row's When. There is no payload yet, so the parts of a When that read `input` count as holding
 * when everything else does: the action is offered, and the transition itself judges the input.
 * After them, `update` and `delete` when section 6 lets the caller change or delete the record as
 * stored, the checks updateRecord and deleteRecord make before reading a body (a lifecycle state
 * that forbids edits is a condition on the row: `record.status == "draft"`), `delete` only while
 * no record refers to it (deleteRecord would refuse it IN_USE). With `creates`, last,
 * the creates of other records referring to it that would be accepted now (create-offers.ts).
 *
 * Decided on the stored records (see storedRecords) for the whole page at once: the roles' rows
 * are planned once per set of roles; every decision that reads only the record's own values is
 * made in place, and all the others (readability, section 6's leave, the guards' SQL parts) in
 * one SELECT; references the JavaScript parts of guards read are loaded once for the page.
 */
export async function availableActionsOfPage(
  setup: LifecycleSetup,
  ctx: LifecycleContext,
  records: readonly WireRecord[],
  options: PageOptions = {},
): Promise<string[][]> {
  const out = records.map((): string[] => []);
  const { lifecycle, prepared } = setup;
  if (records.length === 0) return out;
  const { actor, policy, now } = ctx;
  const db = options.db ?? setup.app.store.db;
  const entity = prepared.entity.name;
  const plan = setup.planFor(actor);
  const values = lifecycle?.readsDatabaseValues ? prepared.databaseValues(ctx) : undefined;
  const stored = await storedRecords(db, prepared.table, records, values);
  const user = userRecord(actor);
  const batch = new ConditionBatch();
  const waiting: Promise<unknown>[] = [];
  const updatable = policy.writableFields(actor, entity, 'update').size > 0;
  // Section 6's leave: asked in the batch when the policy can, else by its own methods.
  const leave = (action: string, record: WireRecord): Answer => {
    if (policy.askLeave) return policy.askLeave(actor, entity, action, record, batch);
    if (action === 'update' && !updatable) return known(false);
    let answer = false;
    const asked =
      action === 'read'
        ? policy.canReadRecord(actor, entity, record, db)
        : action === 'update'
          ? policy.canUpdate(actor, entity, record, record, db)
          : action === 'delete'
            ? policy.canDelete(actor, entity, record, db)
            : policy.canTakeAction(actor, entity, action, record, db);
    waiting.push(asked.then((allowed) => (answer = allowed)));
    return () => answer;
  };
  // A delete section 6 may allow is offered only while no record refers to this one: it would
  // be refused IN_USE. Asked in the same statement, one EXISTS per restricting reference.
  const { inUse } = setup;
  const unused = (allowed: Answer, record: WireRecord): Answer => {
    if (!inUse) return allowed;
    const free = batch.ask([sql<SqlBool>`NOT ${inUse.of(record.id as string)}`]);
    return () => allowed() && free();
  };
  const all = setup.creates ?? [];
  const asked =
    options.creates === true
      ? all
      : options.creates
        ? all.filter((offer) => offer.name === options.creates)
        : [];
  const offers: Offer[] = [];
  for (const [index, given] of records.entries()) {
    const record = stored.get(given.id as string);
    if (!record) continue;
    const actions = lifecycle ? (plan.byState.get(record[lifecycle.field] as string) ?? []) : [];
    // Writes no row of section 6 may allow ask nothing, not even whether the record is readable.
    const writes = WRITES.map((action) => ({ action, leave: leave(action, record) }))
      .filter((w) => !neverHolds(w.leave))
      .map((w) => (w.action === 'delete' ? merged(w, { leave: unused(w.leave, record) }) : w));
    const creates = asked.length > 0 ? askCreateOffers(asked, ctx, record, batch) : [];
    if (actions.length === 0 && writes.length === 0 && creates.length === 0) continue;
    const readable = options.readable ? known(true) : leave('read', record);
    const params = { record, old: record, user, now };
    for (const { action, candidates } of actions) {
      const rows = candidates.map((row) => ({ row, sql: guardHolds(row, params, batch) }));
      offers.push({ index, record, action, readable, leave: leave(action, record), rows });
    }
    for (const write of writes) offers.push({ index, record, readable, ...write });
    for (const { name, holds } of creates)
      offers.push({ index, record, readable, action: name, leave: holds });
  }
  await Promise.all(waiting);
  await batch.run(db);
  const bindings = await pageBindings(setup, ctx, offers, db);
  for (const offer of offers) {
    if (!offer.readable() || !offer.leave()) continue;
    const available =
      !offer.rows ||
      offer.rows.some(
        ({ row, sql }) => sql() && jsConditionsHold(row.guard, bindings(row, offer.record)),
      );
    if (available) out[offer.index]!.push(offer.action);
  }
  return out;
}

/**
 * The bindings each row's JavaScript parts are checked on, per record: the record as stored,
 * unless the parts (those not reading the payload) follow references, whose records are then
 * loaded for every record the row is still undecided on, at once.
 */
async function pageBindings(
  setup: LifecycleSetup,
  ctx: LifecycleContext,
  offers: readonly Offer[],
  db: Db,
): Promise<(row: PreparedRow, record: WireRecord) => ExpressionBindings> {
  const { actor, now } = ctx;
  const user = userRecord(actor);
  const undecided = new Map<PreparedRow, WireRecord[]>();
  for (const offer of offers) {
    if (!offer.readable() || !offer.leave()) continue;
    for (const { row, sql } of offer.rows ?? []) {
      const loads = row.loading.follows.size > 0 && row.guard.js.some((c) => !c.readsInput);
      if (loads && sql()) undecided.set(row, [...(undecided.get(row) ?? []), offer.record]);
    }
  }
  const loaded = new Map<PreparedRow, Map<string, ExpressionBindings>>();
  const entity = setup.prepared.entity.name;
  for (const [row, records] of undecided)
    loaded.set(row, await loadPageBindings(db, row.loading, entity, records, actor, now));
  return (row, record) => loaded.get(row)?.get(record.id as string) ?? { record, user, now };
}
