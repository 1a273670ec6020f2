import type { SqlParams } from '@specrun/expr';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ListCondition, RowCondition } from './policy.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import type { FieldGroup, ReadPlan } from './entity-plan.js';
import { unionOf } from './field-sets.js';
import { merged } from '../objects/merged.js';

const ONLY_ID: ReadonlySet<string> = new Set(['id']);
// Ids per batch, well under both databases' limits on parameters.
const CHUNK = 500;

function anyOf(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (conditions.length === 1) return conditions[0]!;
  return sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
}

/**
 * The records a list may show: all with a `yes` row, none without any row, else the OR of the
 * rows' conditions as a WHERE with the request's values bound, so the database filters.
 */
export function listConditionOf(plan: ReadPlan, params: SqlParams): ListCondition {
  if (plan.always) return { kind: 'all' };
  const byUser = userKeyed(plan);
  if (!byUser) return listConditionNow(plan, params);
  // The user's record as the conditions read it, whole: the same record makes the same SQL.
  const key = JSON.stringify(params.user ?? null);
  let condition = byUser.get(key);
  if (!condition) {
    if (byUser.size >= MAX_USERS_KEPT) byUser.clear();
    byUser.set(key, (condition = listConditionNow(plan, params)));
  }
  return condition;
}

function listConditionNow(plan: ReadPlan, params: SqlParams): ListCondition {
  const conditions = plan.groups.flatMap((g) => g.conditions.map((c) => c.onRows(params)));
  if (conditions.length === 0) return { kind: 'deny' };
  return { kind: 'where', where: anyOf(conditions) };
}

// A list's condition, kept per plan and user when its SQL depends on nothing else (no clock):
// the same object each time, so that the store compiles it once (see conditionSql). Bounded, as
// a plan is its roles' and the users holding them may be many.
const kept = new WeakMap<ReadPlan, Map<string, ListCondition> | null>();
const MAX_USERS_KEPT = 1_000;

function userKeyed(plan: ReadPlan): Map<string, ListCondition> | undefined {
  let byUser = kept.get(plan);
  if (byUser === undefined) {
    const clockFree = plan.groups.every((g) => g.conditions.every((c) => !c.readsClock));
    kept.set(plan, (byUser = clockFree ? new Map() : null));
  }
  return byUser ?? undefined;
}

/**
 * The records that show every one of these fields: a field of the `yes` rows shows on all, any
 * other on the records where a group giving it holds. Nothing when no row gives one of them.
 */
export function showingFieldsOf(
  plan: ReadPlan,
  fields: readonly string[],
  params: SqlParams,
): RowCondition {
  const terms: RawBuilder<SqlBool>[] = [];
  for (const field of new Set(fields)) {
    // `guaranteed` holds the `yes` rows' fields (`base`) too: every readable record shows them.
    if (plan.guaranteed.has(field)) continue;
    const giving = plan.groups.filter((g) => g.fields.has(field));
    if (giving.length === 0) return { kind: 'deny' };
    terms.push(anyOf(giving.flatMap((g) => g.conditions.map((c) => c.onRows(params)))));
  }
  if (terms.length === 0) return { kind: 'all' };
  return {
    kind: 'where',
    where: terms.length === 1 ? terms[0]! : sql<SqlBool>`(${sql.join(terms, sql` AND `)})`,
  };
}

/** Which groups hold on each record, asked in one SELECT per batch of ids. */
async function groupsHolding(
  db: Db,
  table: string,
  groups: readonly FieldGroup[],
  ids: string[],
  params: SqlParams,
): Promise<Map<string, boolean[]>> {
  const holding = new Map<string, boolean[]>();
  const columns = groups.map((g, i) =>
    sql<number>`CASE WHEN ${anyOf(g.conditions.map((c) => c.onRows(params)))} THEN 1 ELSE 0 END`.as(
      `g${i}`,
    ),
  );
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom(table)
      .select([sql.ref<string>('id').as('id'), ...columns])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows as Record<string, unknown>[])
      holding.set(
        String(row.id),
        groups.map((_, g) => Number(row[`g${g}`]) === 1),
      );
  }
  return holding;
}

const idsOf = (records: readonly WireRecord[]) =>
  records.map((r) => r.id).filter((id): id is string => typeof id === 'string');

/** Which groups hold on each record, decided in JavaScript on the stored values given. */
function localGroupsHolding(
  groups: readonly FieldGroup[],
  records: readonly WireRecord[],
  params: SqlParams,
): Map<string, boolean[]> {
  const holding = new Map<string, boolean[]>();
  for (const record of records) {
    const values = merged(params, { record });
    holding.set(
      String(record.id),
      groups.map((g) => g.conditions.some((c) => c.local!(values))),
    );
  }
  return holding;
}

/**
 * The fields each record shows: `base` (the `yes` rows' fields and `id`) and those of every
 * conditional group that holds on it. When every record the caller may read shows the same
 * fields, and these records are known readable, that set is answered without asking the
 * database; otherwise the groups are evaluated: in JavaScript on the records given (as stored)
 * when their conditions read only the record's own values, else on the stored rows, for the
 * whole batch at once.
 */
export async function visibleFieldsOf(
  plan: ReadPlan,
  table: string,
  records: readonly WireRecord[],
  db: Db,
  params: SqlParams,
  readable: boolean,
): Promise<ReadonlySet<string>[]> {
  // guaranteed ⊆ fields always, so equal sizes mean every readable record shows the same fields.
  const constant = plan.fields.size <= plan.guaranteed.size;
  if (constant && (plan.always || readable)) return records.map(() => plan.guaranteed);
  const asked = plan.groups.filter((g) => [...g.fields].some((f) => !plan.base.has(f)));
  if (asked.length === 0) return records.map(() => plan.base);
  const holding = asked.every((g) => g.conditions.every((c) => c.local))
    ? localGroupsHolding(asked, records, params)
    : await groupsHolding(db, table, asked, idsOf(records), params);
  return records.map((record) => {
    const flags = holding.get(String(record.id));
    if (!flags) return plan.always ? plan.base : ONLY_ID;
    return unionOf([plan.base, ...asked.filter((_, i) => flags[i]).map((g) => g.fields)]);
  });
}
