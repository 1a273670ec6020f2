import type { ValueOf } from './value-of.js';

// `user.id`, `user.email`, `user.name`: the fields every caller has, held as text in wire form.
const CALLER_FIELD = /^\s*user\s*\.\s*(id|email|name)\s*$/;

/**
 * The value of an expression that only names one of the caller's built-in fields (`user.id`, the
 * usual default of an owner): read from the user record at once, as evaluating it answers (empty
 * when nobody is signed in). Interpreting it instead converted the caller and the whole payload
 * to CEL values on every create. Undefined for any other expression.
 */
export function callerField(source: string): ValueOf | undefined {
  const name = CALLER_FIELD.exec(source)?.[1];
  if (name === undefined) return undefined;
  return (bindings) => {
    const user = bindings.user as Record<string, unknown> | null | undefined;
    return user?.[name] ?? null;
  };
}
