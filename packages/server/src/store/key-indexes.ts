import type { Field } from '@specrun/model';
import { objectName } from './naming.js';
import type { IndexSchema } from './schema-types.js';

/**
 * The UNIQUE indexes a field's rules ask of its table: `unique` on the field alone; `unique per x`
 * and `unique with x, y` on the field then those fields (the field first, so that the index also
 * serves lookups by it); `numbered … per x` on the field and its parent; a slug on the field. A row with any of the
 * columns empty (NULL) clashes with nothing, on SQLite and PostgreSQL alike.
 */
export function keyIndexes(table: string, field: Field): IndexSchema[] {
  const keys: string[][] = [];
  for (const rule of field.rules) {
    if (rule.kind === 'unique') keys.push([field.name, ...(rule.with ?? [])]);
    if (rule.kind === 'slugFrom') keys.push([field.name]);
    if (rule.kind === 'numbered') keys.push([field.name, ...(rule.per ? [rule.per] : [])]);
  }
  // A key on the field alone makes every wider key on it redundant.
  const alone = keys.some((k) => k.length === 1);
  const kept = alone ? [[field.name]] : [...new Map(keys.map((k) => [k.join(','), k])).values()];
  return kept.map((columns) => ({
    // The name of a key on the field alone is what it always was, so no migration renames it.
    name: objectName(table, ...columns, 'key'),
    columns,
    unique: true,
  }));
}
