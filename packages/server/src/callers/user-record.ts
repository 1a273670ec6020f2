import type { WireRecord } from '../store/record-codec.js';
import type { Actor } from './actor.js';
import { merged } from '../objects/merged.js';

// Kept beside the actor rather than on it: a property added to each request's actor gave actors
// many hidden classes, and every `actor.id` on the way a slower lookup. A request asks for its
// caller's record several times; the record goes with the actor.
const records = new WeakMap<Actor, WireRecord>();

/** The actor as expressions see `user`: its built-in fields and its own, or null. */
export function userRecord(actor: Actor | null): WireRecord | null {
  if (!actor) return null;
  let record = records.get(actor);
  if (record === undefined) {
    record = merged(actor.fields, {
      id: actor.id,
      email: actor.email,
      name: actor.name,
      roles: actor.roles,
    });
    records.set(actor, record);
  }
  return record;
}
