import { analyseExpression } from '@specrun/expr';
import {
  callerRoles,
  matchingRows,
  selectedFields,
  type AppModel,
  screenOrder,
  type Entity,
  type Permission,
} from '@specrun/model';
import { defaultSort, orderKeys } from '../default-order.js';
import { entityFields, storedEntities } from '../entity-fields.js';
import type { SortKey } from '../list-records.js';
import { conditionPins } from './condition-pins.js';
import type { IndexNeed, OrderColumn } from './index-need.js';

/** What a caller may list of an entity: every row, or the rows one of these conditions allows. */
interface ReadAccess {
  conditions: 'all' | string[];
  /** The fields they may read on every record they may read: what the default order needs. */
  readable: ReadonlySet<string>;
}

// Every user reads their own account (OWN_ACCOUNT_FIELDS in permissions/entity-plan.ts, which
// the store does not import), createdAt not among it.
const OWN_ACCOUNT = {
  source: 'record.id == user.id',
  fields: ['id', 'version', 'email', 'name', 'roles'],
};

/** Section 6 for one caller on one entity, as the policy plans it (permissions/entity-plan.ts). */
function readAccess(model: AppModel, roles: string[], entity: Entity): ReadAccess | undefined {
  const all = new Set(entityFields(entity).map((f) => f.name));
  const rows = matchingRows(model.permissions, roles, entity.name, 'read');
  const fieldsOf = (row: Permission) => [...selectedFields(row.fields, all), 'id'];
  const yes = rows.filter((r) => r.allowed.kind === 'yes');
  if (yes.length > 0) return { conditions: 'all', readable: new Set(yes.flatMap(fieldsOf)) };
  // Rows with the same condition hold together: a record they allow shows all their fields.
  const byCondition = new Map<string, Set<string>>();
  const allow = (source: string, fields: readonly string[]) => {
    const held = byCondition.get(source) ?? new Set<string>();
    for (const f of fields) held.add(f);
    byCondition.set(source, held);
  };
  for (const row of rows)
    if (row.allowed.kind === 'when') allow(row.allowed.condition.source, fieldsOf(row));
  if (entity.name === 'User' && roles.length > 1) allow(OWN_ACCOUNT.source, OWN_ACCOUNT.fields);
  if (byCondition.size === 0) return undefined;
  const [first, ...rest] = [...byCondition.values()];
  const readable = new Set([...first!].filter((f) => rest.every((s) => s.has(f))));
  return { conditions: [...byCondition.keys()], readable };
}

/**
 * The callers whose lists are indexed: a visitor and a user of each role (a user without one
 * when the model declares none). Users of several roles read through an OR of their roles'
 * conditions, which the order's own index answers.
 */
function callers(model: AppModel): string[][] {
  const roles = model.roles.length > 0 ? model.roles.map((r) => [r.name]) : [[]];
  return [callerRoles(null), ...roles.map((own) => callerRoles({ roles: own }))];
}

/**
 * The entities the API lists: section 7's `list` rows when it is specified, else every declared
 * entity (the default REST API), as apiCalls has it. Worked out here rather than by apiCalls,
 * which a server's start calls once (see test/app/derives-once.test.ts).
 */
function listedEntities(model: AppModel): ReadonlySet<string> {
  const section = model.sections.find((s) => s.key === 'calls');
  if (section?.status !== 'specified') return new Set(model.entities.map((e) => e.name));
  return new Set(
    model.calls.flatMap((c) => (c.operation.kind === 'list' ? [c.operation.entity] : [])),
  );
}

/** The list calls of section 7 on an entity that have a fixed `where` condition. */
function whereCalls(model: AppModel, entity: string) {
  const section = model.sections.find((s) => s.key === 'calls');
  if (section?.status !== 'specified') return [];
  return model.calls.flatMap((call) =>
    call.operation.kind === 'list' && call.operation.entity === entity && call.where
      ? [{ ...call, where: call.where }]
      : [],
  );
}

/** A list's sort as the columns of an index, `id` last (see orderKeys). */
const orderOf = (sort: readonly SortKey[]): OrderColumn[] =>
  orderKeys(sort).map((k) => ({ column: k.field, desc: k.direction === 'desc' }));

/** Whether a screen's Who cell lets a caller with these roles see it. */
const sees = (who: readonly string[], roles: readonly string[]) =>
  who.some((w) => roles.includes(w));

/**
 * The lists the application serves, each as what it asks of its table: for every caller (a
 * visitor, a user with no role, a user of one role) who may list an entity, its plain list and
 * each list screen's they see and each list call's `where`, with section 6's row condition, the
 * screen's filter (or the call's condition) and the default order. Pins come from a single condition only: rows that allow with different
 * conditions make an OR, which no one index answers in order.
 */
export function listNeeds(model: AppModel): IndexNeed[] {
  const listed = listedEntities(model);
  const needs: IndexNeed[] = [];
  for (const entity of storedEntities(model)) {
    if (!listed.has(entity.name)) continue;
    const screens = model.screens.filter((s) => s.kind === 'list' && s.entity === entity.name);
    for (const roles of callers(model)) {
      const access = readAccess(model, roles, entity);
      if (!access) continue;
      const single = access.conditions !== 'all' && access.conditions.length === 1;
      const scope = { entity: entity.name };
      const rowPins = single
        ? conditionPins(access.conditions[0]!, model, scope, 'record', entity.name).equal
        : [];
      const newest: OrderColumn[] = orderOf(defaultSort(access.readable));
      const who = roles.at(-1)!;
      const need = (equal: string[], why: string, order = newest) =>
        needs.push({ entity: entity.name, equal, compared: [], order, why });
      need(rowPins, `${who}'s list of ${entity.plural}`);
      const pinned = (source: string, why: string, order = newest) => {
        const filter = conditionPins(source, model, scope, 'record', entity.name);
        need([...rowPins, ...filter.equal.filter((f) => !rowPins.includes(f))], why, order);
      };
      for (const screen of screens) {
        if (!screen.filter || !sees(screen.who, roles)) continue;
        // A screen of what is to come is read soonest first (screenOrder): the web app asks so.
        const soonest = screenOrder(entity, screen.filter.source);
        const order = soonest && access.readable.has(soonest.field) ? orderOf([soonest]) : newest;
        pinned(screen.filter.source, `${who}'s list screen ${screen.route}`, order);
      }
      // A list call's fixed `where` narrows its rows as a screen's filter does; one about the
      // caller is never asked by a visitor (401).
      for (const call of whereCalls(model, entity.name)) {
        if (
          roles.length === 1 &&
          analyseExpression(call.where.source, model, { ...scope, hasUser: true }).names.has('user')
        )
          continue;
        pinned(call.where.source, `${who}'s call ${call.method} ${call.path}`);
      }
    }
  }
  return needs;
}
