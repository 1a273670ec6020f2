import type { Entity } from '@specrun/model';
import { tableOf } from '../../../packages/server/src/store/derive-columns.js';
import type { World } from '../../../packages/server/test/lifecycle/support/scenario.js';
import type { ExampleWorld, Walker } from './example-world.js';

/** Sets one column of a stored record, past section 6 and read-only rules: the walker's setup. */
async function setColumn(
  ew: ExampleWorld,
  entity: string,
  id: string,
  column: string,
  value: string,
): Promise<void> {
  await ew.served.store.db
    .updateTable(tableOf(ew.served.model, entity))
    .set({ [column]: value })
    .where('id', '=', id)
    .execute();
}

const userReferences = (entity: Entity) =>
  entity.fields.filter((f) => f.type.kind === 'reference' && f.type.entity === 'User');

const entityOf = (ew: ExampleWorld, name: string) =>
  ew.served.model.entities.find((e) => e.name === name)!;

/**
 * The parents a role's new record refers to, as the role finds them: made by those who make them.
 * The server tests make a record's parents as its own creator (a booking's workshop organised by
 * the attendee booking it), which section 6 may forbid (an attendee books someone else's
 * workshop, and the form's picker offers no other). A parent of an entity the role does not create
 * is handed to the account that does: its references to the role's account name that one instead.
 */
export async function handOverParents(
  ew: ExampleWorld,
  walker: Walker,
  world: World,
  entity: Entity,
  body: Record<string, unknown>,
  creatorOf: (entity: string) => string,
): Promise<void> {
  for (const field of entity.fields) {
    const value = body[field.name];
    if (field.type.kind !== 'reference' || field.type.entity === 'User') continue;
    if (typeof value !== 'string') continue;
    const parent = field.type.entity;
    if (walker.jobs.some((j) => j.entity === parent && j.kind === 'create')) continue;
    const maker = world.actors[creatorOf(parent)];
    if (!maker || maker.id === walker.actor.id) continue;
    const stored = await ew.h.stored(parent, value);
    for (const ref of userReferences(entityOf(ew, parent)))
      if (stored[ref.name] === walker.actor.id)
        await setColumn(ew, parent, value, ref.name, maker.id);
  }
}

/**
 * Hands a record to the role's account, in the state it is in: the people it names (a workshop's
 * organiser) are the walker. Answers whether it names anybody to hand it over by.
 */
export async function handToRole(
  ew: ExampleWorld,
  walker: Walker,
  entity: string,
  id: string,
): Promise<boolean> {
  const refs = userReferences(entityOf(ew, entity)).filter((f) => !f.builtin);
  for (const ref of refs) await setColumn(ew, entity, id, ref.name, walker.actor.id);
  return refs.length > 0;
}

/**
 * Points the people a record's parents name at the role's account (a job's hiring manager), for
 * a role that reads a record only through them (an interviewer reads the applications of the jobs
 * they manage). Answers whether anything changed.
 */
export async function concernRole(
  ew: ExampleWorld,
  walker: Walker,
  entity: string,
  id: string,
): Promise<boolean> {
  const stored = await ew.h.stored(entity, id);
  let changed = false;
  for (const field of entityOf(ew, entity).fields) {
    const value = stored[field.name];
    if (field.type.kind !== 'reference' || field.type.entity === 'User' || field.builtin) continue;
    if (typeof value !== 'string') continue;
    if (await handToRole(ew, walker, field.type.entity, value)) changed = true;
  }
  return changed;
}
