import type { ExprScope } from './scope.js';

/**
 * What an automatic transition's When and Sets see (section 4, `Who: system`): the record, `now`
 * and the constants. Nobody asks, so there is no `user` and no `input`. The checker and the
 * server's scheduler use the same scope.
 */
export function automaticScope(entity: string): ExprScope {
  return { entity, hasUser: false };
}
