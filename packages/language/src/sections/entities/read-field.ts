import type { Field } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';
import { isCamelCase, toCamelCase } from '../names.js';
import { cellOf, type Row } from '../tables/read-table.js';
import { readFieldDefault } from './read-field-default.js';
import { readFieldRules } from './read-field-rules.js';
import { readFieldType } from './read-field-type.js';

// Names the API adds to every record it answers, so no field may take them.
const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(['actions']);

function readRequired(row: Row, ctx: ReadContext): boolean {
  const cell = cellOf(row, 'required');
  const text = cell.text.toLowerCase();
  if (['yes', 'true', 'required'].includes(text)) return true;
  if (['', 'no', 'false', 'optional'].includes(text)) return false;
  ctx.bag.error(
    'bad-required',
    cell,
    `Required is \`yes\` or \`no\`, not \`${cell.text}\`.`,
    'write yes, no, or leave it blank for no',
  );
  return false;
}

/** Reads one row of an entity table into a field; undefined when the row is skipped. */
export function readField(
  row: Row,
  builtins: ReadonlySet<string>,
  taken: Set<string>,
  ctx: ReadContext,
): Field | undefined {
  const nameCell = cellOf(row, 'field');
  const name = nameCell.text;
  if (name === '') {
    ctx.bag.error(
      'empty-cell',
      nameCell,
      'This row has no field name.',
      'write the field name in the Field column',
    );
    return undefined;
  }
  if (builtins.has(name)) {
    ctx.bag.error(
      'redefines-builtin',
      nameCell,
      `\`${name}\` is a built-in field; it cannot be declared.`,
      'remove this row, or choose another name',
    );
    return undefined;
  }
  if (RESERVED_FIELD_NAMES.has(name)) {
    ctx.bag.error(
      'reserved-field-name',
      nameCell,
      `\`${name}\` is reserved: every record the API answers lists, under that name, the lifecycle actions the caller may take on it.`,
      'choose another name',
    );
    return undefined;
  }
  if (taken.has(name)) {
    ctx.bag.error(
      'duplicate-field',
      nameCell,
      `The field \`${name}\` is declared twice.`,
      'remove one of the two rows',
    );
    return undefined;
  }
  taken.add(name);
  if (!isCamelCase(name)) {
    ctx.bag.warning(
      'field-name-style',
      nameCell,
      `Field names are camelCase; \`${name}\` is not.`,
      `write \`${toCamelCase(name)}\``,
    );
  }
  const read = readFieldType(cellOf(row, 'type'), ctx);
  const required = readRequired(row, ctx) && read?.type.kind !== 'state';
  const rules = readFieldRules(cellOf(row, 'rules'), read?.type, ctx);
  const field: Field = {
    name,
    type: read?.type ?? { kind: 'text' },
    required,
    rules: rules.rules,
    builtin: false,
    line: row.line,
  };
  const fallback = readFieldDefault(cellOf(row, 'default'), read?.type, ctx);
  if (fallback) field.default = fallback;
  if (rules.description) field.description = rules.description;
  ctx.where.set(field, 'name', nameCell);
  ctx.where.set(field, 'type', read?.entityAt ?? cellOf(row, 'type'));
  ctx.where.set(field, 'default', cellOf(row, 'default'));
  return field;
}
