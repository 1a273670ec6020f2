import {
  matchingRows,
  selectedFields,
  settableFields,
  SIGNED_IN,
  type AppModel,
  type Entity,
  type Permission,
} from '@specrun/model';
import type { CompiledCondition, ConditionCompiler } from './compiled-conditions.js';
import { unionOf } from './field-sets.js';

/** One row that may allow an action: the fields it gives, and its condition unless `yes`. */
export interface PlannedRow {
  fields: ReadonlySet<string>;
  condition?: CompiledCondition;
}

/** The rows that may allow one action on one entity to one set of roles. */
export interface ActionPlan {
  rows: readonly PlannedRow[];
  /** Some row allows with `yes`: every record is allowed. */
  always: boolean;
  /** The union of the rows' fields. */
  fields: ReadonlySet<string>;
  /** The union of the `yes` rows' fields: given on every record. */
  yesFields: ReadonlySet<string>;
  /** Every row's condition reads only the record's own values: decided without a query. */
  local: boolean;
}

/** Conditional read rows giving the same fields: a record gets them when one of them holds. */
export interface FieldGroup {
  fields: ReadonlySet<string>;
  conditions: readonly CompiledCondition[];
}

/** Reading, with what decides the fields each record shows. */
export interface ReadPlan extends ActionPlan {
  /** The fields of the `yes` rows, and `id`: every record gets them. */
  base: ReadonlySet<string>;
  /** The fields every record the caller may read shows: what lists filter and sort by. */
  guaranteed: ReadonlySet<string>;
  groups: readonly FieldGroup[];
}

/** Everything section 6 says about one entity for one set of roles, worked out once. */
export interface EntityPlan {
  read: ReadPlan;
  create: ActionPlan;
  update: ActionPlan;
  delete: ActionPlan;
  /** A lifecycle action, or any other action name a `*` row may cover. */
  action(name: string): ActionPlan;
}

/** What plans are made from: the model, its compiled conditions, and the own-account row. */
export interface PlanSources {
  model: AppModel;
  compiler: ConditionCompiler;
  /** `record.id == user.id` on User: every user may read their own account. */
  ownAccount: CompiledCondition;
}

/** The fields every user may read of their own account, whatever section 6 says. */
export const OWN_ACCOUNT_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'version',
  'email',
  'name',
  'roles',
]);

const where = (row: Permission) => `Section 6, line ${row.line}`;

/** A row as planned for the entity; undefined when its condition can never hold there. */
function planRow(
  sources: PlanSources,
  row: Permission,
  entity: string,
  fields: ReadonlySet<string>,
): PlannedRow | undefined {
  if (row.allowed.kind !== 'when') return { fields };
  const source = row.allowed.condition.source;
  const site = { where: where(row), everyEntity: row.entity === '*' };
  const condition = sources.compiler.condition(source, entity, site);
  return condition ? { fields, condition } : undefined;
}

function actionPlan(rows: PlannedRow[]): ActionPlan {
  return {
    rows,
    always: rows.some((r) => !r.condition),
    fields: unionOf(rows.map((r) => r.fields)),
    yesFields: unionOf(rows.filter((r) => !r.condition).map((r) => r.fields)),
    local: rows.every((r) => !r.condition || r.condition.local),
  };
}

function intersectionOf(sets: ReadonlySet<string>[]): Set<string> {
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((f) => rest.every((s) => s.has(f))));
}

function readPlan(rows: PlannedRow[]): ReadPlan {
  const plan = actionPlan(rows);
  const base = unionOf([new Set(['id']), plan.yesFields]);
  // Rows with the same condition hold together: they give a record the union of their fields.
  const byCondition = new Map<string, { fields: Set<string>; condition: CompiledCondition }>();
  for (const { fields, condition } of rows) {
    if (!condition) continue;
    const known = byCondition.get(condition.source);
    if (known) for (const f of fields) known.fields.add(f);
    else byCondition.set(condition.source, { fields: new Set(fields), condition });
  }
  const conditional = [...byCondition.values()];
  // With a `yes` row, a record may be read through it alone; without, through any one condition.
  const least = plan.always ? base : intersectionOf(conditional.map((c) => c.fields));
  const groups = new Map<
    string,
    { fields: ReadonlySet<string>; conditions: CompiledCondition[] }
  >();
  for (const { fields, condition } of conditional) {
    const key = [...fields].sort().join(',');
    const group = groups.get(key) ?? { fields, conditions: [] };
    group.conditions.push(condition);
    groups.set(key, group);
  }
  return {
    ...plan,
    base,
    guaranteed: unionOf([least, new Set(['id'])]),
    groups: [...groups.values()],
  };
}

/** Plans one entity for one set of roles, as callerRoles gives them. */
export function planEntity(
  sources: PlanSources,
  roles: readonly string[],
  entity: Entity,
): EntityPlan {
  const permissions = sources.model.permissions;
  const all = new Set(entity.fields.map((f) => f.name));
  const settable = settableFields(entity);
  const none: ReadonlySet<string> = new Set();
  const plan = (action: string, fields: ReadonlySet<string>) =>
    matchingRows(permissions, roles, entity.name, action).flatMap(
      (row) => planRow(sources, row, entity.name, selectedFields(row.fields, fields)) ?? [],
    );
  // Whoever reads a record reads its version too: it is the ETag a later write sends in If-Match.
  const read: PlannedRow[] = plan('read', all).map((r) => ({
    ...r,
    fields: unionOf([r.fields, new Set(['id', 'version'])]),
  }));
  if (entity.name === 'User' && roles.includes(SIGNED_IN))
    read.push({ fields: OWN_ACCOUNT_FIELDS, condition: sources.ownAccount });
  const lifecycle = sources.model.lifecycles.find((l) => l.entity === entity.name);
  const actions = new Map<string, ActionPlan>();
  for (const name of new Set(lifecycle?.transitions.map((t) => t.action) ?? []))
    actions.set(name, actionPlan(plan(name, none)));
  return {
    read: readPlan(read),
    create: actionPlan(plan('create', settable)),
    update: actionPlan(plan('update', settable)),
    delete: actionPlan(plan('delete', none)),
    action: (name) => actions.get(name) ?? actionPlan(plan(name, none)),
  };
}
