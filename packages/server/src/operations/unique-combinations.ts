import { sql, type RawBuilder } from 'kysely';
import { encodeColumn } from '../store/column-codec.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';
import type { PreparedEntity } from './prepared-entity.js';

/** One combination to ask about: the field that carries the rule, and 1 when it is free. */
export interface CombinationQuestion {
  field: string;
  /** The rule's other fields, which a clash is told by: "another talk with the same speaker". */
  with: readonly string[];
  column: RawBuilder<unknown>;
}

/** No other record of the table holds these values together. */
function freeTogether(table: EntityTable, values: WireRecord, self?: string): RawBuilder<unknown> {
  const same = Object.entries(values).map(([name, value]) => {
    const encoded = encodeColumn(table.columnByName.get(name)!, value, table.dialect);
    return sql`${sql.ref(name)} = ${encoded}`;
  });
  if (self !== undefined) same.push(sql`${sql.ref('id')} <> ${self}`);
  const taken = sql`SELECT 1 FROM ${sql.table(table.table)} WHERE ${sql.join(same, sql` AND `)}`;
  return sql`CASE WHEN EXISTS (${taken}) THEN 0 ELSE 1 END`;
}

/**
 * The `unique per`/`unique with` combinations a write must ask about: those with a field it sets
 * (`values`), read on the record as it would be saved (`whole`: the stored record and the
 * changes). A combination with an empty value clashes with nothing, as the UNIQUE index has it.
 */
export function combinationQuestions(
  prepared: PreparedEntity,
  values: WireRecord,
  whole: WireRecord,
  self?: string,
): CombinationQuestion[] {
  const out: CombinationQuestion[] = [];
  for (const { field } of prepared.fields.values())
    for (const rule of field.rules) {
      if (rule.kind !== 'unique' || !rule.with) continue;
      const names = [field.name, ...rule.with];
      if (!names.some((n) => n in values)) continue;
      const together = Object.fromEntries(names.map((n) => [n, values[n] ?? whole[n] ?? null]));
      if (Object.values(together).some((v) => v === null || v === undefined)) continue;
      if (!names.every((n) => prepared.table.columnByName.has(n))) continue;
      out.push({
        field: field.name,
        with: rule.with,
        column: freeTogether(prepared.table, together, self),
      });
    }
  return out;
}
