import { AppError } from '../catalogue/app-error.js';
import { echoedNames } from '../catalogue/client-text.js';
import { isJsonObject } from '../operations/read-body.js';

// Keys that would reach an object's prototype if the payload were copied naively.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A transition's payload, the `input` of its When and Sets: a JSON object. No body at all is an
 * empty input; anything else that is not an object, or that names prototype keys, is refused with
 * BAD_REQUEST before anything is read or written.
 */
export function readInput(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isJsonObject(body))
    throw new AppError('BAD_REQUEST', "Send the action's input as a JSON object, such as {}.");
  const bad = Object.keys(body).filter((k) => FORBIDDEN_KEYS.has(k));
  if (bad.length > 0) throw new AppError('BAD_REQUEST', `Keys not allowed: ${echoedNames(bad)}.`);
  return { ...(body as Record<string, unknown>) };
}
