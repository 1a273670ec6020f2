import type { FieldRule } from '@specrun/model';
import { NUMBER_PLACEHOLDERS, numberFormatProblem } from '@specrun/model';
import type { At } from '../../diagnostics/diagnostic-bag.js';
import type { ReadContext } from '../../read-context.js';
import { atItem, type Item } from '../tables/split-items.js';

// `unique per building`, `unique with course and student`: the names after the word.
const UNIQUE = /^unique\s+(per|with)\s+(.+)$/i;
// `numbered`, `numbered WEB-{n}`, `numbered WEB-{n} per project` (the format may be in backticks).
const NUMBERED = /^numbered(?:\s+(?!per\s)(\S+))?(?:\s+per\s+(\S+))?$/i;
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Where a word stands in an item's text outside code spans: its last occurrence. */
function wordAt(item: Item, word: string): At {
  for (const segment of [...item.segments].reverse()) {
    if (segment.kind !== 'text') continue;
    const index = segment.value.search(new RegExp(`\\b${word}\\b(?![\\s\\S]*\\b${word}\\b)`));
    if (index !== -1) return { line: segment.line, column: segment.columns.at(index) };
  }
  return atItem(item);
}

/** The field names of a list written `a, b and c`; undefined when one is not a name. */
function namesOf(text: string): string[] | undefined {
  const names = text
    .split(/\s*,\s*|\s+and\s+/i)
    .map((n) => n.trim())
    .filter((n) => n !== '');
  return names.length > 0 && names.every((n) => NAME.test(n)) ? names : undefined;
}

/** True when an item is one more name of a `unique with a, b` list that the commas cut. */
export function continuesUnique(previous: Item | undefined, item: Item): boolean {
  return (
    previous !== undefined &&
    UNIQUE.test(previous.text) &&
    item.codes.length === 0 &&
    NAME.test(item.text) &&
    !/^(unique|numbered|computed|pattern)$/i.test(item.text)
  );
}

/**
 * Reads `unique per x` or `unique with x, y` (its item and the names the commas cut off):
 * undefined when the item is not one, else the rule, its names recorded where written.
 */
export function readUnique(
  item: Item,
  more: readonly Item[],
  ctx: ReadContext,
): FieldRule[] | 'bad' | undefined {
  const match = UNIQUE.exec(item.text);
  if (!match || item.codes.length > 0) return undefined;
  const names = namesOf(match[2]!);
  if (!names) return 'bad';
  const rule: FieldRule = { kind: 'unique', with: [...names, ...more.map((m) => m.text)] };
  // Where each name stands, for the checks of section 3 (an unknown field, a list).
  for (const name of names) ctx.where.set(rule, `with.${name}`, wordAt(item, name));
  for (const m of more) ctx.where.set(rule, `with.${m.text}`, atItem(m));
  return [rule];
}

/**
 * Reads `numbered [FORMAT] [per x]`: undefined when the item is not one; a format problem is
 * reported here, at the format. An integer field is numbered `{n}` and takes no format.
 */
export function readNumbered(
  item: Item,
  family: string | undefined,
  ctx: ReadContext,
): FieldRule[] | string | undefined {
  const match = NUMBERED.exec(item.text);
  if (!match) return undefined;
  const code = item.codes[0];
  const written = code?.value ?? match[1];
  if (family !== undefined && family !== 'text' && family !== 'number') return 'numbering';
  if (family === 'number' && written !== undefined && written !== '{n}') return 'a number format';
  const format = written ?? '{n}';
  const problem = numberFormatProblem(format);
  if (problem) {
    const at = code
      ? { line: code.line, column: code.columns.at(0) }
      : { line: item.line, column: item.column + 'numbered '.length };
    ctx.bag.error(
      'bad-number-format',
      at,
      `The number format \`${format}\` ${problem}.`,
      `write \`{n}\` where the number goes; other parts: ${NUMBER_PLACEHOLDERS.join(', ')}`,
    );
    return [];
  }
  const rule: FieldRule = { kind: 'numbered', format };
  if (match[2] !== undefined) {
    rule.per = match[2];
    ctx.where.set(rule, 'per', wordAt(item, match[2]));
  }
  return [rule];
}
