import type { WireRecord } from '../store/record-codec.js';
import type { Actor } from './actor.js';
import { rememberedOn } from './remembered-on-actor.js';
import { merged } from '../objects/merged.js';

const asUser = Symbol('user record');

/** The actor as expressions see `user`: its built-in fields and its own, or null. */
export function userRecord(actor: Actor | null): WireRecord | null {
  if (!actor) return null;
  return rememberedOn(actor, asUser, () =>
    merged(actor.fields, {
      id: actor.id,
      email: actor.email,
      name: actor.name,
      roles: actor.roles,
    }),
  );
}
