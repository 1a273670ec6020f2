import type { ApiCall } from '@specrun/model';
import { AppError, type ErrorItem } from '../catalogue/app-error.js';
import { readPayload } from '../calls/read-payload.js';

type Fields = Record<string, unknown>;

/**
 * The fields an account call was sent, out of its declared envelope. Anything the call does not
 * take is refused (BAD_REQUEST, naming it): nothing is silently dropped.
 */
export function readAccountPayload(call: ApiCall, body: unknown, takes: Iterable<string>): Fields {
  const accepted = [...takes];
  const fields = readPayload(call.payload, body ?? null);
  const unknown = Object.keys(fields).filter((k) => !accepted.includes(k));
  if (unknown.length > 0)
    throw new AppError(
      'BAD_REQUEST',
      `This call does not take ${unknown.join(', ')}; it takes ${accepted.join(', ')}.`,
    );
  return fields;
}

/**
 * The text values a call needs, each required: every missing one is reported at once
 * (VALIDATION_FAILED, each a REQUIRED item with the field and what to give).
 */
export function requiredTexts<K extends string>(
  fields: Fields,
  wanted: Record<K, string>,
): Record<K, string> {
  const errors: ErrorItem[] = [];
  const values = {} as Record<K, string>;
  for (const [field, message] of Object.entries(wanted) as [K, string][]) {
    const value = fields[field];
    if (typeof value === 'string' && value !== '') values[field] = value;
    else errors.push({ field, code: 'REQUIRED', message });
  }
  if (errors.length > 0) {
    const detail = errors.map((e) => e.message).join(' ');
    throw new AppError('VALIDATION_FAILED', detail, {}, errors);
  }
  return values;
}
