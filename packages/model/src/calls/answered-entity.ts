import type { Call } from './call.js';

/**
 * The entity whose records a call answers when it declares a 200 or 201 without a Response
 * shape: the operation's entity (for a link, the path's record), or User for the account calls
 * that answer the user; undefined for sign-out, which answers nothing.
 */
export function answeredEntity(call: Call): string | undefined {
  const operation = call.operation;
  if ('entity' in operation) return operation.entity;
  return operation.kind === 'sign-out' ? undefined : 'User';
}
