import type { Actor } from './actor.js';

/**
 * A value worked out once per actor and kept on the actor itself (a request's own object, gone
 * with it) under `key`, a symbol only its owner knows. Not enumerable: the actor looks the same
 * to everything else. A request asks several times for what its caller's roles decide.
 */
export function rememberedOn<T>(actor: Actor, key: symbol, make: () => T): T {
  const known = (actor as Actor & Record<symbol, T | undefined>)[key];
  if (known !== undefined) return known;
  const value = make();
  Object.defineProperty(actor, key, { value });
  return value;
}
