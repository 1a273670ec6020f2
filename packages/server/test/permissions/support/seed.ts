import type { AppModel } from '@specrun/model';
import {
  deriveTables,
  encodeColumn,
  resolveTables,
  type Actor,
  type EntityTable,
  type Store,
  type WireRecord,
} from '../../../src/index.js';
import type { Harness } from '../../operations/support/harness.js';
import { World } from './world.js';

/** The callers the matrix runs as, by role: `anyone` is nobody signed in. */
export interface Callers {
  byRole: Map<string, Actor | null>;
  /** Signed-in users, one per declared role then one with no role: the records' owners. */
  owners: Actor[];
}

/** The caller as the operations see them, read back from the stored account. */
export function actorOf(model: AppModel, user: WireRecord): Actor {
  const own = model.entities.find((e) => e.name === 'User')!.fields.filter((f) => !f.builtin);
  return {
    id: user.id as string,
    email: user.email as string,
    name: user.name as string,
    roles: (user.roles as string[]) ?? [],
    fields: Object.fromEntries(own.map((f) => [f.name, user[f.name] ?? null])),
  };
}

async function setColumns(store: Store, table: EntityTable, id: unknown, values: WireRecord) {
  const encoded: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values))
    encoded[field] = encodeColumn(table.columnByName.get(field)!, value, table.dialect);
  if (Object.keys(encoded).length === 0) return;
  await store.db.updateTable(table.table).set(encoded).where('id', '=', id).execute();
}

/**
 * Spreads the records over the values conditions look at, directly in the database: states in
 * turn, booleans alternating, optional references to users pointing at different owners (or
 * nowhere), so that every condition holds on some records and not on others.
 */
async function vary(model: AppModel, store: Store, owners: Actor[]) {
  const tables = resolveTables(store.db, store.dialect, deriveTables(model));
  const world = await World.load(model, store);
  for (const entity of model.entities) {
    const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
    const records = [...world.records(entity.name)].sort((a, b) =>
      String(a.id).localeCompare(String(b.id)),
    );
    for (const [k, record] of records.entries()) {
      const values: WireRecord = {};
      if (lifecycle) values[lifecycle.field] = lifecycle.states[k % lifecycle.states.length];
      for (const f of entity.fields) {
        if (f.builtin || f.rules.some((r) => r.kind === 'computed')) continue;
        if (f.type.kind === 'boolean') values[f.name] = k % 2 === 1;
        const toUser = f.type.kind === 'reference' && f.type.entity === 'User';
        if (toUser && !f.required && !f.default)
          values[f.name] = k % 3 === 2 ? null : owners[(k + 1) % owners.length]!.id;
      }
      await setColumns(store, tables.get(entity.name)!, record.id, values);
    }
  }
}

/**
 * Seeds an example for the matrix: one user per declared role and one with no role at all,
 * then as many records of every entity as there are users, each made by a different user (so
 * ownership conditions go both ways), made through the operations with an allow-all policy.
 */
export async function seedExample(h: Harness): Promise<Callers> {
  const model = h.model;
  const store = h.store();
  const declared = model.roles.map((r) => r.name);
  const owners: Actor[] = [];
  for (const role of declared) owners.push(await h.actor([role]));
  const plain = await h.actor([declared[0]!]);
  owners.push(plain);
  for (const entity of model.entities) {
    if (entity.name === 'User') continue;
    for (const owner of owners) await h.make(entity.name, owner);
  }
  await vary(model, store, owners);
  const users = resolveTables(store.db, store.dialect, deriveTables(model)).get('User')!;
  await store.db.deleteFrom(users.rolesTable!).where('userId', '=', plain.id).execute();
  const world = await World.load(model, store);
  const reread = owners.map((o) => actorOf(model, world.find('User', o.id)!));
  const byRole = new Map<string, Actor | null>([
    ['anyone', null],
    ['signed-in', reread[reread.length - 1]!],
  ]);
  declared.forEach((role, i) => byRole.set(role, reread[i]!));
  return { byRole, owners: reread };
}
