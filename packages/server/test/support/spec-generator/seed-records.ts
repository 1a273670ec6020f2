import type { AppModel, Entity, Field } from '@specrun/model';
import {
  AppError,
  getRecord,
  prepareApp,
  prepareOperations,
  type Actor,
  type Store,
} from '../../../src/index.js';
import { createSession } from '../../../src/accounts/sessions.js';
import { nextNumber, sampleValue } from '../../operations/support/sample-values.js';
import { allowAllPolicy } from '../allow-all-policy.js';

/** A signed-in user of a generated application, with the cookie of a session. */
export interface Person {
  actor: Actor;
  cookie: string;
  label: string;
}

/** What the calls are made on: people of every role, and one record of each entity. */
export interface Seeded {
  people: Person[];
  /** A record's id and version per entity (User: the first person). */
  records: Map<string, { id: string; version: number }>;
  /** For entities with a lifecycle, a record in each state, by entity then state. */
  inState: Map<string, Map<string, string>>;
  /** What went wrong while seeding that is not a refusal: a crash to report. */
  crashes: string[];
}

const unique = (f: Field) => f.rules.some((r) => r.kind === 'unique');

/** Fields a new record is given: those a caller sets, unless a default fills them (unique ones are given all the same, as a default would clash). */
const settable = (f: Field) =>
  !f.builtin &&
  f.type.kind !== 'state' &&
  (!f.default || unique(f)) &&
  !f.rules.some((r) => ['readOnly', 'computed', 'numbered'].includes(r.kind));

/** A plausible value for a field: samples, and ids of the records already made. */
export function plausibleValue(field: Field, seeded: Seeded, actor: Actor | null): unknown {
  const t = field.type;
  if (t.kind === 'integer' && unique(field)) return nextNumber();
  if (t.kind === 'reference')
    return t.entity === 'User' ? actor?.id : seeded.records.get(t.entity)?.id;
  if (t.kind === 'list') {
    const id = seeded.records.get(t.entity)?.id ?? (t.entity === 'User' ? actor?.id : undefined);
    return id === undefined ? undefined : [id];
  }
  return sampleValue(field);
}

/** The fields a new record of the entity is given, with plausible values. */
export function plausibleBody(entity: Entity, seeded: Seeded, actor: Actor | null) {
  const body: Record<string, unknown> = {};
  for (const field of entity.fields.filter(settable)) {
    const value = plausibleValue(field, seeded, actor);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

let counter = 0;

/**
 * Makes a user per role, signed in by a session, then a record of each entity
 * in declaration order, by the operations with a policy that allows everything: what is seeded
 * is not under test, the calls made on it are. A refusal (a rule of section 5) leaves the entity
 * without a record; anything else is a crash.
 */
export async function seedRecords(model: AppModel, store: Store): Promise<Seeded> {
  const ops = prepareOperations(prepareApp(model, store));
  const policy = allowAllPolicy(model);
  const seeded: Seeded = { people: [], records: new Map(), inState: new Map(), crashes: [] };
  const tables = prepareApp(model, store).tables;
  const roleSets = model.roles.map((r) => [r.name]);
  for (const roles of roleSets) {
    const email = `person${++counter}@example.com`;
    const ctx = { actor: null, now: new Date(), policy };
    const own = plausibleBody(
      model.entities.find((e) => e.name === 'User')!,
      seeded,
      null,
    );
    const body = { ...own, email, name: `Person ${counter}`, roles };
    const user = await ops.User!.createRecord(ctx, body).catch((e: unknown) => {
      throw e instanceof AppError ? new Error(`${e.code} ${JSON.stringify(e.errors)}`) : e;
    });
    const id = String(user.id);
    const actor: Actor = { id, email, name: String(user.name), roles, fields: {} };
    const token = await createSession(store.db, store.dialect, id, new Date(), 3_600_000);
    const label = roles.join(',');
    seeded.people.push({ actor, cookie: `specrun_session=${token}`, label });
  }
  const maker = seeded.people[0]!.actor;
  seeded.records.set('User', { id: maker.id, version: 1 });
  for (const entity of model.entities.filter((e) => !e.builtin)) {
    const ctx = { actor: maker, now: new Date(), policy };
    const make = async () =>
      String((await ops[entity.name]!.createRecord(ctx, plausibleBody(entity, seeded, maker))).id);
    try {
      const id = await make();
      const stored = await getRecord(store.db, tables.get(entity.name)!, id);
      seeded.records.set(entity.name, { id, version: Number(stored?.version ?? 1) });
      const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
      if (!lifecycle) continue;
      // One record in each state, put there directly: so that every row's guard is reached.
      const byState = new Map([[lifecycle.initial, id]]);
      seeded.inState.set(entity.name, byState);
      for (const state of lifecycle.states.filter((s) => s !== lifecycle.initial)) {
        const other = await make();
        await store.db
          .updateTable(tables.get(entity.name)!.table)
          .set({ [lifecycle.field]: state })
          .where('id', '=', other)
          .execute();
        byState.set(state, other);
      }
    } catch (error) {
      if (!(error instanceof AppError))
        seeded.crashes.push(`seeding ${entity.name}: ${String(error)}`);
    }
  }
  return seeded;
}
