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
import { sampleValue } from '../../operations/support/sample-values.js';
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
  /** What went wrong while seeding that is not a refusal: a crash to report. */
  crashes: string[];
}

const settable = (f: Field) =>
  !f.builtin &&
  f.type.kind !== 'state' &&
  !f.default &&
  !f.rules.some((r) => r.kind === 'readOnly' || r.kind === 'computed');

/** A plausible value for a field: samples, and ids of the records already made. */
export function plausibleValue(field: Field, seeded: Seeded, actor: Actor): unknown {
  const t = field.type;
  if (t.kind === 'reference')
    return t.entity === 'User' ? actor.id : seeded.records.get(t.entity)?.id;
  if (t.kind === 'list') {
    const id = seeded.records.get(t.entity)?.id ?? (t.entity === 'User' ? actor.id : undefined);
    return id === undefined ? undefined : [id];
  }
  return sampleValue(field);
}

/** The fields a new record of the entity is given, with plausible values. */
export function plausibleBody(entity: Entity, seeded: Seeded, actor: Actor) {
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
  const seeded: Seeded = { people: [], records: new Map(), crashes: [] };
  const roleSets = model.roles.map((r) => [r.name]);
  for (const roles of roleSets) {
    const email = `person${++counter}@example.com`;
    const ctx = { actor: null, now: new Date(), policy };
    const body = { email, name: `Person ${counter}`, roles };
    const user = await ops.User!.createRecord(ctx, body).catch((e: unknown) => {
      throw e instanceof AppError ? new Error(`${e.code} ${JSON.stringify(e.errors)}`) : e;
    });
    const id = String(user.id);
    const actor: Actor = { id, email, name: String(user.name), roles, fields: {} };
    const token = await createSession(store.db, id, new Date(), 3_600_000);
    const label = roles.join(',');
    seeded.people.push({ actor, cookie: `specrun_session=${token}`, label });
  }
  const maker = seeded.people[0]!.actor;
  seeded.records.set('User', { id: maker.id, version: 1 });
  for (const entity of model.entities.filter((e) => !e.builtin)) {
    const ctx = { actor: maker, now: new Date(), policy };
    try {
      const made = await ops[entity.name]!.createRecord(ctx, plausibleBody(entity, seeded, maker));
      const id = String(made.id);
      const stored = await getRecord(
        store.db,
        prepareApp(model, store).tables.get(entity.name)!,
        id,
      );
      seeded.records.set(entity.name, { id, version: Number(stored?.version ?? 1) });
    } catch (error) {
      if (!(error instanceof AppError))
        seeded.crashes.push(`seeding ${entity.name}: ${String(error)}`);
    }
  }
  return seeded;
}
