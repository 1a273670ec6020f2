import type { Policy } from '../permissions/policy.js';

/**
 * A policy that decides some things its own way and leaves every other decision to `base`
 * (overrides must agree with each other as the Policy says: canReadRecord with listCondition),
 * including decisions added to the Policy interface later: what is not overridden is denied or
 * allowed exactly as `base` says. The base's localReading is not offered, since it would answer
 * for the overridden decisions too.
 */
export function overridePolicy(base: Policy, overrides: Partial<Policy>): Policy {
  return new Proxy(base, {
    get(target, property, receiver) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof Policy];
      // The base's shortcuts answer as the base does, not as the overrides do: never passed on.
      if (property === 'localReading' || property === 'askLeave' || property === 'askCreate')
        return undefined;
      const value: unknown = Reflect.get(target, property, receiver);
      // Bound to the base, so a policy written as a class keeps its private state.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
