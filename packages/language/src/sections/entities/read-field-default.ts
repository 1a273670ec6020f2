import type { FieldDefault, FieldType } from '@specrun/model';
import { didYouMean } from '@specrun/model';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import { codesOf, type Cell } from '../tables/read-cell.js';

type Literal = string | number | boolean | null;

const unquote = (text: string): string => (/^(["']).*\1$/.test(text) ? text.slice(1, -1) : text);

/** The literal a cell gives for a type, or a string saying what was expected. */
function literalFor(text: string, type: FieldType): { value: Literal } | { expected: string } {
  const lower = text.toLowerCase();
  if (lower === 'null' || lower === 'none') return { value: null };
  switch (type.kind) {
    case 'integer':
      return /^-?\d+$/.test(text) ? { value: Number(text) } : { expected: 'a whole number' };
    case 'decimal':
    case 'money': {
      // Exact amounts stay strings; a money default may repeat its currency.
      const match = /^(-?\d+(?:\.\d+)?)(?:\s+([A-Z]{3}))?$/.exec(text);
      if (!match || (match[2] !== undefined && type.kind === 'decimal'))
        return { expected: 'a number such as `12.50`' };
      return { value: match[1]! };
    }
    case 'boolean':
      if (['true', 'yes'].includes(lower)) return { value: true };
      if (['false', 'no'].includes(lower)) return { value: false };
      return { expected: '`true` or `false`' };
    case 'enum':
      return type.values.includes(text)
        ? { value: text }
        : { expected: `one of ${type.values.join(', ')}` };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text)
        ? { value: text }
        : { expected: 'a date such as `2025-01-31`, or `today()` in backticks' };
    case 'datetime':
      return Number.isNaN(Date.parse(text))
        ? { expected: 'an ISO date and time, or `now` in backticks' }
        : { value: text };
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
      return { value: unquote(text) };
    default:
      return { expected: 'an expression in backticks (such as `user.id`)' };
  }
}

/** Reads a Default cell: empty, a CEL expression in backticks, or a literal typed by the field. */
export function readFieldDefault(
  cell: Cell,
  type: FieldType | undefined,
  ctx: ReadContext,
): FieldDefault | undefined {
  if (cell.text === '') return undefined;
  const code = codesOf(cell)[0];
  if (code) return { kind: 'expression', expression: expressionOf(code, ctx) };
  if (type === undefined) return undefined;
  if (type.kind === 'state') {
    ctx.bag.error(
      'bad-default',
      cell,
      'A state field takes no default.',
      "its lifecycle's `- Initial:` sets it",
    );
    return undefined;
  }
  const literal = literalFor(cell.text, type);
  if ('value' in literal) return { kind: 'literal', value: literal.value };
  const hint = type.kind === 'enum' ? didYouMean(cell.text, type.values) : undefined;
  ctx.bag.error(
    'bad-default',
    cell,
    `\`${cell.text}\` is not a valid default here: expected ${literal.expected}.`,
    hint ?? `write ${literal.expected}`,
  );
  return undefined;
}
