import type { AppModel } from '@specrun/model';
import { constantType, constantValues } from './constants.js';
import type { ExprType } from './types.js';

/** Which names an expression may use, besides `now`, `today()` and the constants. */
export type ExprScope = {
  /** Binds `record` (and `old` when hasOld) to this entity's type. */
  entity?: string;
  hasOld?: boolean;
  hasInput?: boolean;
  /** Default true. */
  hasUser?: boolean;
  /** Extra names bound to entity types, e.g. `{ t: 'Ticket' }`. */
  variables?: Record<string, string>;
  /** Names bound to values of unknown type (dyn); used when evaluating without a scope. */
  dynamic?: string[];
  /** Names bound to text, e.g. `value`, a declared list parameter's text. */
  texts?: string[];
};

/**
 * A text that tells scopes apart, for keeping answers per scope. Flags are read as scopeNames
 * reads them (hasUser left out is true), so that a scope written `{ hasUser: true }` and one
 * leaving it out share their answers: `specrun check` types a rule once, not once per way its
 * scope is written.
 */
export const scopeKey = (scope: ExprScope): string =>
  JSON.stringify([
    scope.entity,
    scope.hasOld === true,
    scope.hasInput === true,
    scope.hasUser !== false,
    scope.variables,
    scope.dynamic,
    scope.texts,
  ]);

/** The named values in scope, with their types; constants included. */
export function scopeNames(model: AppModel, scope: ExprScope): Map<string, ExprType> {
  const names = new Map<string, ExprType>();
  for (const [name, value] of constantValues(model)) names.set(name, constantType(value));
  names.set('now', { kind: 'timestamp' });
  if (scope.hasUser !== false) names.set('user', { kind: 'record', entity: 'User' });
  if (scope.hasInput) names.set('input', { kind: 'dyn' });
  if (scope.entity !== undefined) {
    names.set('record', { kind: 'record', entity: scope.entity });
    if (scope.hasOld) names.set('old', { kind: 'record', entity: scope.entity });
  }
  for (const [name, entity] of Object.entries(scope.variables ?? {})) {
    names.set(name, { kind: 'record', entity });
  }
  for (const name of scope.dynamic ?? []) names.set(name, { kind: 'dyn' });
  for (const name of scope.texts ?? []) names.set(name, { kind: 'string' });
  return names;
}
