// Sets of roles are few (combinations of the declared roles) while callers are many: every
// request reads its caller anew, with a new array of roles. One array per distinct set lets the
// caches that roles decide (section 6's plans, a lifecycle's plans) be keyed by the array itself:
// a request finds its caller's plans in one lookup, without sorting, joining or a memo of its own.

const interned = new Map<string, readonly string[]>();
// The same set read in another order (a database may aggregate rows in any) is the same array.
const byContent = new Map<string, readonly string[]>();
// Bounded all the same: a store could hold roles the model no longer declares.
const MAX_SETS = 256;

function canonical(roles: readonly string[]): readonly string[] {
  const sorted = [...new Set(roles)].sort();
  const content = sorted.join('\n');
  let found = byContent.get(content);
  if (found === undefined) {
    if (byContent.size >= MAX_SETS) byContent.clear();
    found = Object.freeze(sorted);
    byContent.set(content, found);
  }
  return found;
}

/**
 * The one frozen, sorted array of these roles (`key` is how they were read, such as the JSON
 * text of a roles column, so that a lookup needs no parsing). `read` gives the roles on a miss.
 */
export function internedRoles(key: string, read: () => readonly string[]): string[] {
  let roles = interned.get(key);
  if (roles === undefined) {
    roles = canonical(read());
    if (interned.size >= MAX_SETS) interned.clear();
    interned.set(key, roles);
  }
  // Typed as Actor.roles is; frozen, so nothing can change it under the other callers.
  return roles as string[];
}

/**
 * A cache of what a set of roles decides, keyed by the roles array: an interned array (a session's
 * caller) finds its entry at once; another array (an actor made in a test, a token's caller) is
 * worked out by `make` from its roles and kept while the array lives.
 */
export function byRoles<T>(make: (roles: readonly string[]) => T): (roles: readonly string[]) => T {
  const known = new WeakMap<readonly string[], T>();
  return (roles) => {
    let value = known.get(roles);
    if (value === undefined) {
      value = make(roles);
      known.set(roles, value);
    }
    return value;
  };
}
