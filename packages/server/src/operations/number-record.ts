import { formatNumber, numberSeries, type Entity } from '@specrun/model';
import type { Db } from '../store/db-type.js';
import { nextNumber } from '../store/counters.js';
import type { WireRecord } from '../store/record-codec.js';

/** A `numbered` field of an entity, as the create that numbers it needs it. */
export interface NumberedField {
  field: string;
  format: string;
  per?: string;
  /** An integer field holds the number itself; a text field, the format written out. */
  integer: boolean;
}

/** The numbered fields of an entity, worked out once. */
export function numberedFields(entity: Entity): NumberedField[] {
  return entity.fields.flatMap((field) =>
    field.rules.flatMap((rule) =>
      rule.kind === 'numbered'
        ? [
            {
              field: field.name,
              format: rule.format,
              ...(rule.per ? { per: rule.per } : {}),
              integer: field.type.kind === 'integer',
            },
          ]
        : [],
    ),
  );
}

/**
 * The record's numbers, each the next of its series: one series per entity, field, value of the
 * parent and date parts of the format (INV-2025-{n}, then INV-2026-{n} from 1 again). Taken in
 * the create's transaction, once everything else has been decided, so that a refused create
 * takes no number and the counter's row is held as briefly as possible.
 */
export async function numberRecord(
  trx: Db,
  entity: string,
  fields: readonly NumberedField[],
  values: WireRecord,
  now: Date,
  timeZone?: string,
): Promise<WireRecord> {
  const numbers: WireRecord = {};
  for (const numbered of fields) {
    const series = numberSeries(numbered.format, now, timeZone);
    const parent = numbered.per === undefined ? null : (values[numbered.per] ?? null);
    const n = await nextNumber(trx, JSON.stringify([entity, numbered.field, parent, series]));
    numbers[numbered.field] = numbered.integer ? n : formatNumber(series, n);
  }
  return numbers;
}
