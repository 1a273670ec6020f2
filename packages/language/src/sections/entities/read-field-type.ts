import type { FieldType } from '@specrun/model';
import { didYouMean } from '@specrun/model';
import type { At } from '../../diagnostics/diagnostic-bag.js';
import type { ReadContext } from '../../read-context.js';
import { isCurrency } from '../product/read-product.js';
import type { Cell } from '../tables/read-cell.js';

const SIMPLE: Record<string, FieldType> = {
  text: { kind: 'text' },
  'long text': { kind: 'longText' },
  integer: { kind: 'integer' },
  decimal: { kind: 'decimal' },
  money: { kind: 'money' },
  boolean: { kind: 'boolean' },
  date: { kind: 'date' },
  datetime: { kind: 'datetime' },
  'date time': { kind: 'datetime' },
  email: { kind: 'email' },
  url: { kind: 'url' },
  file: { kind: 'file' },
  state: { kind: 'state' },
};

/** The type names a spec may write, for hints. */
export const TYPE_NAMES = [
  ...Object.keys(SIMPLE),
  'one of a, b, c',
  '→ Entity',
  'list of Entity',
  'list of files',
];

/** A field's type and, for references and lists, where the entity's name is written. */
export interface ReadType {
  type: FieldType;
  entityAt?: At;
}

const at = (cell: Cell, offset: number): At => ({ line: cell.line, column: cell.column + offset });

/**
 * Reads a Type cell: `text`, `money USD`, `one of a, b`, `→ Entity`, `list of Entity`, `list of
 * files`...
 */
export function readFieldType(cell: Cell, ctx: ReadContext): ReadType | undefined {
  const text = cell.text;
  const simple = SIMPLE[text.toLowerCase()];
  if (simple) return { type: { ...simple } };
  const reference = /^(?:→|->|⟶|=>)\s*(\S.*)$/.exec(text);
  if (reference)
    return {
      type: { kind: 'reference', entity: reference[1]!.trim() },
      entityAt: at(cell, text.indexOf(reference[1]!)),
    };
  // `files` is no entity's name (they are singular): a list of uploaded files.
  if (/^list of\s+files$/i.test(text)) return { type: { kind: 'files' } };
  const list = /^list of\s+(\S.*)$/i.exec(text);
  if (list)
    return {
      type: { kind: 'list', entity: list[1]!.trim() },
      entityAt: at(cell, text.indexOf(list[1]!)),
    };
  const choice = /^one of\s+(.*)$/i.exec(text);
  if (choice) {
    const values = choice[1]!
      .split(/,|\s+or\s+/)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length > 0) return { type: { kind: 'enum', values: [...new Set(values)] } };
  }
  const money = /^money\s+(\S+)$/i.exec(text);
  if (money) {
    const currency = money[1]!;
    if (isCurrency(currency)) return { type: { kind: 'money', currency } };
    ctx.bag.error(
      'bad-currency',
      at(cell, text.indexOf(currency)),
      `\`${currency}\` is not a currency code.`,
      'write a three-letter code such as `EUR` or `USD`',
    );
    return { type: { kind: 'money' } };
  }
  ctx.bag.error(
    'unknown-type',
    cell,
    text === '' ? 'The field has no type.' : `\`${text}\` is not a field type.`,
    didYouMean(text, TYPE_NAMES) ?? `types: ${TYPE_NAMES.join(', ')}`,
  );
  return undefined;
}
