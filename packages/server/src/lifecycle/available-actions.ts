import { userRecord } from '../callers/user-record.js';
import { storedRecordOf } from '../operations/visible-record.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { jsConditionsHold, loadBindings } from './js-conditions.js';
import type { LifecycleContext } from './lifecycle-context.js';
import type { LifecycleSetup } from './lifecycle-setup.js';
import type { PreparedRow } from './prepared-lifecycle.js';
import { readRecords } from './read-records.js';
import { sqlGuardsHold, type SqlGuardCheck } from './run-sql-guards.js';

/** An action still to decide on one record: the rows from its state the caller's roles may take. */
interface Pending {
  index: number;
  record: WireRecord;
  action: string;
  candidates: PreparedRow[];
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
  for (const [id, record] of await readRecords(db, table, missing)) known.set(id, record);
  return known;
}

/**
 * The actions the caller may take now on each record, by the very checks a transition makes:
 * the record readable, a role in a row's Who from the record's state, section 6's leave, and the
 * row's When. There is no payload yet, so the parts of a When that read `input` count as holding
 * when everything else does: the action is offered, and the transition itself judges the input.
 *
 * Decided on the stored records (see storedRecords); the roles' rows are planned once per set of
 * roles; guards that read only the record's own values run in JavaScript, the others together in
 * one SELECT. What is left per record is section 6's decisions, which the policy answers, only
 * for actions the record's state and the caller's roles allow.
 */
export async function availableActionsOfPage(
  setup: LifecycleSetup,
  ctx: LifecycleContext,
  records: readonly WireRecord[],
  db: Db = setup.app.store.db,
): Promise<string[][]> {
  const out = records.map((): string[] => []);
  const { lifecycle, prepared } = setup;
  if (!lifecycle || records.length === 0) return out;
  const { actor, policy, now } = ctx;
  const entity = prepared.entity.name;
  const plan = setup.planFor(actor);
  const stored = await storedRecords(db, prepared.table, records);
  const pending: Pending[] = [];
  for (const [index, given] of records.entries()) {
    const record = stored.get(given.id as string);
    const actions = record && plan.byState.get(record[lifecycle.field] as string);
    if (!record || !actions?.length) continue;
    if (!(await policy.canReadRecord(actor, entity, record, db))) continue;
    for (const { action, candidates } of actions)
      if (await policy.canTakeAction(actor, entity, action, record, db))
        pending.push({ index, record, action, candidates });
  }
  const user = userRecord(actor);
  const checks: SqlGuardCheck[] = [];
  const paramsOf = (p: Pending) => ({ record: p.record, old: p.record, user, now });
  for (const p of pending)
    for (const row of p.candidates)
      if (row.guard.sql && !row.guard.local)
        checks.push({ sql: row.guard.sql, params: paramsOf(p) });
  const held = checks.length > 0 ? await sqlGuardsHold(db, checks) : [];
  let next = 0;
  for (const p of pending) {
    let available = false;
    for (const row of p.candidates) {
      const { sql, local } = row.guard;
      const sqlHolds = local ? local(paramsOf(p)) : sql ? held[next++] : true;
      if (available || !sqlHolds) continue;
      const bindings = row.guard.js.some((c) => !c.readsInput)
        ? await loadBindings(db, row.loading, entity, p.record, actor, now)
        : { record: p.record, user, now };
      available = jsConditionsHold(row.guard, bindings);
    }
    if (available) out[p.index]!.push(p.action);
  }
  return out;
}
