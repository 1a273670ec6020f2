import type { Entity, Field } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';

/** The one built-in User field a specification may redeclare, to change whether it is required. */
export const REDECLARABLE_NAME = 'name';

/**
 * Takes a User row that redeclares the built-in `name` out of the declared fields: its Required
 * becomes the built-in's (`| name | text | no | | |` lets sign-up do without a name). Anything
 * else about it (type, default, rules) stays the engine's, so a row that changes them is refused.
 */
export function adoptNameField(user: Entity, declared: Field[], ctx: ReadContext): Field[] {
  const row = declared.find((f) => f.name === REDECLARABLE_NAME);
  if (!row) return declared;
  const builtin = user.fields.find((f) => f.name === REDECLARABLE_NAME)!;
  if (row.type.kind !== 'text' || row.default || row.rules.length > 0 || row.description) {
    ctx.bag.error(
      'bad-name-field',
      ctx.where.at(row, 'name', { line: row.line ?? 1, column: 1 }),
      'The built-in `name` of User may change only whether it is required.',
      'write `| name | text | no | | |`, or remove the row',
    );
  } else {
    builtin.required = row.required;
    builtin.line = row.line;
  }
  return declared.filter((f) => f !== row);
}
