import type { Actor } from './actor.js';

// Kept beside the actor rather than on it: a property added to each request's actor (as a
// symbol) gave actors many hidden classes, and every `actor.id` on the way a slower lookup.
const memos = new WeakMap<Actor, Map<symbol, unknown>>();

/**
 * A value worked out once per actor (a request's own object, gone with it) under `key`, a symbol
 * only its owner knows. A request asks several times for what its caller's roles decide.
 */
export function rememberedOn<T>(actor: Actor, key: symbol, make: () => T): T {
  let memo = memos.get(actor);
  if (memo === undefined) {
    memo = new Map();
    memos.set(actor, memo);
  } else if (memo.has(key)) return memo.get(key) as T;
  const value = make();
  memo.set(key, value);
  return value;
}
