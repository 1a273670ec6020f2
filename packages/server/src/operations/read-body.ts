import {
  accountEmail,
  entityWords,
  ExactNumber,
  fieldLabel,
  sentence,
  withArticle,
  words,
} from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { echoedNames } from '../catalogue/client-text.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';

// Keys that would reach an object's prototype if copied naively.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** An object of the body's JSON: not an array, nor a number the parser kept exact. */
export const isJsonObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  !(body instanceof ExactNumber);

/**
 * A refusal naming each key with what is wrong with it, in words: the catalogue's BAD_REQUEST
 * message ("The request could not be understood.") would tell a form nothing about the field.
 */
function refuse(detail: string, fields: string[], message: (field: string) => string): AppError {
  const errors = fields.map((field) => ({ field, code: 'BAD_REQUEST', message: message(field) }));
  return new AppError('BAD_REQUEST', detail, {}, errors);
}

/**
 * A create or update body as the fields it sets. Refused with BAD_REQUEST, naming the fields,
 * when it is not an object, has prototype keys, names fields the entity does not have, or sets
 * fields the caller may not set: nothing of it is applied, nothing silently dropped. A User's
 * email is taken in its account form (accountEmail), however the account is made or changed, so
 * that the unique email is unique whatever the case or Unicode form it was typed in.
 */
export function readBody(
  prepared: PreparedEntity,
  body: unknown,
  writable: ReadonlySet<string>,
): WireRecord {
  if (!isJsonObject(body)) throw refuse('The body must be a JSON object of fields.', [], String);
  const keys = Object.keys(body);
  const bad = keys.filter((k) => FORBIDDEN_KEYS.has(k));
  if (bad.length > 0)
    throw refuse(`Keys not allowed: ${echoedNames(bad)}.`, bad, () => 'Not allowed as a key.');
  const entity = prepared.entity.name;
  const unknown = keys.filter((k) => !prepared.fields.has(k));
  if (unknown.length > 0)
    throw refuse(
      `Not fields of ${entity}: ${echoedNames(unknown)}.`,
      unknown,
      () => `${sentence(withArticle(entityWords(entity)))} has no field of that name.`,
    );
  const denied = keys.filter((k) => !prepared.fields.get(k)!.settable || !writable.has(k));
  if (denied.length > 0)
    throw refuse(`Fields you may not set: ${echoedNames(denied)}.`, denied, (field) =>
      prepared.fields.get(field)!.settable
        ? `You may not set ${words(field)} here.`
        : `${fieldLabel(field)} is set by the application, not by a request.`,
    );
  const record: WireRecord = {};
  for (const key of keys) record[key] = (body as Record<string, unknown>)[key];
  if (prepared.entity.name === 'User' && typeof record.email === 'string')
    record.email = accountEmail(record.email);
  return record;
}
