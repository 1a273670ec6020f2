import type { Entity } from '@specrun/model';
import { tableOf } from '../../../packages/server/src/store/derive-columns.js';
import type { ExampleWorld } from './example-world.js';

const entityOf = (ew: ExampleWorld, name: string): Entity =>
  ew.served.model.entities.find((e) => e.name === name)!;

/** Moves a stored record's own instants (not those the engine keeps) by `by` milliseconds. */
async function shift(
  ew: ExampleWorld,
  entity: string,
  id: string,
  by: number,
): Promise<Record<string, unknown>> {
  const stored = await ew.h.stored(entity, id);
  const moved: Record<string, string> = {};
  for (const field of entityOf(ew, entity).fields) {
    const value = stored[field.name];
    if (field.type.kind !== 'datetime' || field.builtin || typeof value !== 'string') continue;
    moved[field.name] = new Date(Date.parse(value) + by).toISOString();
  }
  if (Object.keys(moved).length > 0)
    await ew.served.store.db
      .updateTable(tableOf(ew.served.model, entity))
      .set(moved)
      .where('id', '=', id)
      .execute();
  return stored;
}

/**
 * Moves a record's instants, and those of the records it refers to (a booking's session), so that
 * the server's now stands to them as the scenario's instant for an attempt does: ten minutes
 * before the session starts, an hour after the workshop ended. A guard on `now` is judged by the
 * server's clock, which the walker cannot set; a person would find such a record on the day.
 */
export async function bringToNow(
  ew: ExampleWorld,
  entity: string,
  id: string,
  at: Date,
): Promise<void> {
  const by = Date.now() - at.getTime();
  const record = await shift(ew, entity, id, by);
  for (const field of entityOf(ew, entity).fields) {
    const parent = record[field.name];
    if (field.type.kind !== 'reference' || field.builtin || field.type.entity === 'User') continue;
    if (field.type.entity === entity || typeof parent !== 'string') continue;
    await shift(ew, field.type.entity, parent, by);
  }
}
