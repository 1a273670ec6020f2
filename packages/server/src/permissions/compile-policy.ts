import { callerRoles, settableFields, type AppModel } from '@specrun/model';
import { userRecord } from '../callers/user-record.js';
import { byRoles } from '../callers/interned-roles.js';
import type { LocalReading, Policy } from './policy.js';
import type { Actor } from '../callers/actor.js';
import type { SqlMapping } from '@specrun/expr';
import type { EntityTable } from '../store/entity-tables.js';
import { ConditionCompiler } from './compiled-conditions.js';
import { planEntity, type EntityPlan, type PlanSources } from './entity-plan.js';
import { localReadingOf } from './local-reading.js';
import { listConditionOf, showingFieldsOf, visibleFieldsOf } from './read-decisions.js';
import { leaveOf } from './holding-rows.js';
import { leavePlan } from './leave-plan.js';
import { allowsCreate, allowsRecord, allowsUpdate } from './write-decisions.js';
import { createLeave } from './create-leave.js';

/** What the policy is compiled from: the model, its tables as the store has them, their mapping. */
export interface PolicySources {
  model: AppModel;
  tables: ReadonlyMap<string, EntityTable>;
  mapping: SqlMapping;
}

/** Compiles every condition of section 6 now, so that one that cannot run stops the start. */
function compileEveryCondition(model: AppModel, compiler: ConditionCompiler): void {
  for (const row of model.permissions) {
    if (row.allowed.kind !== 'when') continue;
    const entities = row.entity === '*' ? model.entities.map((e) => e.name) : [row.entity];
    const site = { where: `Section 6, line ${row.line}`, everyEntity: row.entity === '*' };
    for (const entity of entities) compiler.condition(row.allowed.condition.source, entity, site);
  }
}

/**
 * The policy of a model's section 6 on a store. Everything that does not depend on the request
 * is resolved here or once per distinct set of roles: the rows by entity and action, their
 * fields, their conditions compiled to SQL. A request only binds its user to compiled SQL.
 *
 * Record decisions run the conditions in the database on the connection they are given, the
 * record bound as parameters: exact (the SQL keeps the language's semantics, an error is false)
 * and, unlike evaluating in JavaScript, able to follow references and count() inside the write's
 * transaction. Lists get the same conditions as a WHERE on the table's rows.
 */
export function compilePolicy({ model, tables, mapping }: PolicySources): Policy {
  const compiler = new ConditionCompiler(model, mapping);
  compileEveryCondition(model, compiler);
  const sources: PlanSources = {
    model,
    compiler,
    ownAccount: compiler.condition('record.id == user.id', 'User', { where: 'Own account' })!,
  };
  const declared = new Set(model.roles.map((r) => r.name));
  const entities = new Map(model.entities.map((e) => [e.name, e]));
  const settable = new Map(model.entities.map((e) => [e.name, settableFields(e)]));
  const plans = new Map<string, ReadonlyMap<string, EntityPlan>>();

  const plansOfRoles = (roles: string[]): ReadonlyMap<string, EntityPlan> => {
    const key = roles.join(',');
    let byEntity = plans.get(key);
    if (!byEntity) {
      byEntity = new Map(
        [...entities.values()].map((e) => [e.name, planEntity(sources, roles, e)]),
      );
      plans.set(key, byEntity);
    }
    return byEntity;
  };
  let anonymousPlans: ReadonlyMap<string, EntityPlan> | undefined;
  const plansByRoles = byRoles((roles) => plansOfRoles(callerRoles({ roles }, declared)));
  const plansOf = (actor: Actor | null): ReadonlyMap<string, EntityPlan> =>
    actor
      ? plansByRoles(actor.roles)
      : (anonymousPlans ??= plansOfRoles(callerRoles(null, declared)));
  const planFor = (actor: Actor | null, entity: string): EntityPlan => {
    const plan = plansOf(actor).get(entity);
    if (!plan) throw new Error(`${entity} is not an entity of this model`);
    return plan;
  };
  const tableOf = (entity: string) => tables.get(entity)!;
  const lifecycleActions = new Map(
    model.lifecycles.map((l) => [l.entity, [...new Set(l.transitions.map((t) => t.action))]]),
  );
  // Worked out once per plan (that is, per set of roles and entity), then kept.
  const localReadings = new WeakMap<EntityPlan, LocalReading | null>();
  const localReading = (actor: Actor | null, entity: string): LocalReading | undefined => {
    const plan = planFor(actor, entity);
    let found = localReadings.get(plan);
    if (found === undefined) {
      found = localReadingOf(plan, lifecycleActions.get(entity) ?? []) ?? null;
      localReadings.set(plan, found);
    }
    return found ?? undefined;
  };
  const user = (actor: Actor | null) => userRecord(actor);

  return {
    writableFields: (actor, entity, action) => planFor(actor, entity)[action].fields,
    readableFields: (actor, entity) => planFor(actor, entity).read.guaranteed,
    readableOnSome: (actor, entity) => planFor(actor, entity).read.fields,
    showingFields: (actor, entity, fields) =>
      showingFieldsOf(planFor(actor, entity).read, fields, { user: user(actor) }),
    visibleFields: (actor, entity, records, db, options = {}) =>
      visibleFieldsOf(
        planFor(actor, entity).read,
        tableOf(entity).table,
        records,
        db,
        { user: user(actor) },
        options.readable === true,
      ),
    listCondition: (actor, entity) =>
      listConditionOf(planFor(actor, entity).read, { user: user(actor) }),
    canReadRecord: (actor, entity, record, db) =>
      allowsRecord(db, planFor(actor, entity).read, { record, user: user(actor) }),
    canCreate: (actor, entity, record, db, sent) =>
      allowsCreate(db, planFor(actor, entity).create, { record, user: user(actor) }, sent),
    canUpdate: (actor, entity, stored, record, db) =>
      allowsUpdate(
        db,
        planFor(actor, entity).update,
        settable.get(entity)!,
        stored,
        record,
        user(actor),
      ),
    canDelete: (actor, entity, record, db) =>
      allowsRecord(db, planFor(actor, entity).delete, { record, user: user(actor) }),
    localReading,
    askLeave: (actor, entity, action, record, batch) => {
      const allowing = leavePlan(planFor(actor, entity), action);
      return leaveOf(allowing, { record, user: user(actor) }, batch);
    },
    askCreate: (actor, entity, record, known, sent, batch) =>
      createLeave(planFor(actor, entity).create, compiler, {
        entity,
        params: { record, user: user(actor) },
        known,
        sent,
        batch,
      }),
    canTakeAction: (actor, entity, action, record, db) =>
      allowsRecord(db, planFor(actor, entity).action(action), { record, user: user(actor) }),
  };
}
