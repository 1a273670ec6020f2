import type { FieldRule, FieldType } from '@specrun/model';
import { SIZE_UNITS, didYouMean, fileKind, patternProblem } from '@specrun/model';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';
import { atItem, splitItems, type Item } from '../tables/split-items.js';
import { continuesUnique, readNumbered, readUnique } from './read-keyed-rules.js';
import { continuesSlug, readSlugFrom } from './read-slug-rule.js';

/** The rules of a Rules cell, and any prose it holds (`see section 4`). */
export interface ReadRules {
  rules: FieldRule[];
  description?: string;
}

const RULE_WORDS = [
  'unique',
  'unique per',
  'unique with',
  'numbered',
  'N..M chars',
  'at least N',
  'at most N',
  'min N',
  'max N',
  'pattern',
  'read-only',
  'slug from',
  'after today',
  'computed',
  'accepts',
  'at most N MB',
  'at most N files',
];
const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const UNIT = String.raw`(?:\s+(chars?|characters|items?|files?))?`;
const RANGE = new RegExp(String.raw`^${NUMBER}\s*\.\.\s*${NUMBER}${UNIT}$`, 'i');
const BOUND = new RegExp(String.raw`^at (least|most)\s+${NUMBER}${UNIT}$`, 'i');
const MIN_MAX = new RegExp(String.raw`^(min|max)\s+${NUMBER}$`, 'i');

type Family = 'number' | 'text' | 'list' | 'date' | 'file' | 'files' | 'state' | 'other';

function familyOf(type: FieldType | undefined): Family | undefined {
  if (!type) return undefined;
  if (['integer', 'decimal', 'money'].includes(type.kind)) return 'number';
  if (['text', 'longText', 'email', 'url'].includes(type.kind)) return 'text';
  if (type.kind === 'list') return 'list';
  if (type.kind === 'date' || type.kind === 'datetime') return 'date';
  if (type.kind === 'file' || type.kind === 'files' || type.kind === 'state') return type.kind;
  return 'other';
}

/** The rules a bound gives: on length, on a list's items (or files), or on a number's value. */
function bounded(
  min: number | undefined,
  max: number | undefined,
  unit: string | undefined,
  family: Family | undefined,
): FieldRule[] | string {
  const kind =
    unit !== undefined
      ? unit.startsWith('item') || unit.startsWith('file')
        ? 'items'
        : 'length'
      : family === 'list' || family === 'files'
        ? 'items'
        : family === 'number'
          ? 'value'
          : family === 'text' || family === undefined
            ? 'length'
            : undefined;
  if (kind === undefined) return 'a bound';
  if (kind === 'length' && family !== undefined && family !== 'text') return 'a length in chars';
  if (kind === 'items' && family !== undefined && family !== 'list' && family !== 'files')
    return 'a number of items';
  if (unit?.startsWith('file') && family !== undefined && family !== 'files')
    return 'a number of files';
  if (min !== undefined && max !== undefined && min > max) return 'bad';
  if (kind === 'value') {
    const rules: FieldRule[] = [];
    if (min !== undefined) rules.push({ kind: 'min', value: min });
    if (max !== undefined) rules.push({ kind: 'max', value: max });
    return rules;
  }
  if ((min ?? 0) < 0 || (max ?? 0) < 0) return 'bad';
  return [{ kind, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }];
}

function readRule(
  item: Item,
  more: readonly Item[],
  family: Family | undefined,
  ctx: ReadContext,
): FieldRule[] | string {
  const text = item.text.toLowerCase();
  const code = item.codes[0];
  if (text === 'unique' || /^unique\s+(per|with)\b/.test(text)) {
    if (family === 'list' || family === 'file' || family === 'files') return 'uniqueness';
    return text === 'unique' ? [{ kind: 'unique' }] : (readUnique(item, more, ctx) ?? 'unknown');
  }
  if (/^numbered\b/.test(text)) return readNumbered(item, family, ctx) ?? 'unknown';
  if (/^read[- ]?only$/.test(text)) return [{ kind: 'readOnly' }];
  if (/^slug\b/.test(text)) return readSlugFrom(item, more, family, ctx);
  if (text === 'after today')
    return family === undefined || family === 'date' ? [{ kind: 'afterToday' }] : 'after today';
  if (text === 'pattern' && code) {
    if (family !== undefined && family !== 'text') return 'a pattern';
    try {
      new RegExp(code.value, 'u');
    } catch {
      return 'bad';
    }
    // Valid JavaScript (as OpenAPI documents it), and runnable by the linear-time engine that
    // checks values (see patternProblem).
    const problem = patternProblem(code.value);
    if (problem)
      ctx.bag.error(
        'invalid-pattern',
        { line: code.line, column: code.columns.at(problem.index) },
        `The pattern \`${code.value}\` cannot run in linear time: ${problem.message}.`,
        problem.hint,
      );
    return problem ? [] : [{ kind: 'pattern', regex: code.value }];
  }
  const unstored = ['list', 'file', 'files', 'state'];
  if (text === 'computed' && code && family !== undefined && unstored.includes(family))
    return 'a computed value';
  if (text === 'computed' && code)
    return [{ kind: 'computed', expression: expressionOf(code, ctx) }];
  const file = readFileRule(item.text, family);
  if (file !== undefined) return file;
  const range = RANGE.exec(item.text);
  if (range) return bounded(Number(range[1]), Number(range[2]), range[3]?.toLowerCase(), family);
  const bound = BOUND.exec(item.text);
  if (bound) {
    const n = Number(bound[2]);
    return bound[1]!.toLowerCase() === 'least'
      ? bounded(n, undefined, bound[3]?.toLowerCase(), family)
      : bounded(undefined, n, bound[3]?.toLowerCase(), family);
  }
  const minMax = MIN_MAX.exec(item.text);
  if (minMax) {
    if (family !== undefined && family !== 'number') return `\`${minMax[1]}\``;
    return [{ kind: minMax[1]!.toLowerCase() as 'min' | 'max', value: Number(minMax[2]) }];
  }
  return 'unknown';
}

const SIZE = /^at most\s+(\d+(?:\.\d+)?)\s*(bytes?|kb|mb|gb)$/i;

/**
 * `accepts image or pdf or .docx` and `at most 5 MB`, the rules of a file (of each file of a
 * `list of files`); undefined for others.
 */
function readFileRule(text: string, family: Family | undefined): FieldRule[] | string | undefined {
  const accepts = /^accepts\s+(.+)$/i.exec(text);
  const size = SIZE.exec(text);
  if (!accepts && !size) return undefined;
  if (family !== undefined && family !== 'file' && family !== 'files')
    return accepts ? '`accepts`' : 'a size';
  if (size) {
    const bytes = Math.floor(Number(size[1]) * SIZE_UNITS[size[2]!.toLowerCase()]!);
    return bytes > 0 ? [{ kind: 'maxBytes', value: bytes }] : 'bad';
  }
  const kinds = accepts![1]!.split(/\s+or\s+|\s*,\s*/i).map(fileKind);
  if (kinds.some((k) => k === undefined)) return 'bad';
  return [{ kind: 'fileKinds', kinds: [...new Set(kinds as string[])] }];
}

/** Reads a Rules cell: comma-separated rules (commas inside backticks do not separate). */
export function readFieldRules(
  cell: Cell,
  type: FieldType | undefined,
  ctx: ReadContext,
): ReadRules {
  const result: ReadRules = { rules: [] };
  const family = familyOf(type);
  const items = splitItems(cell.segments);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (/^see\b/i.test(item.text)) {
      result.description = [result.description, item.text].filter(Boolean).join(', ');
      continue;
    }
    // `unique with course, student`: the commas of the list cut it into items; join them again.
    const more: Item[] = [];
    while (i + 1 < items.length && continuesUnique(item, items[i + 1]!)) more.push(items[++i]!);
    if (i + 1 < items.length && continuesSlug(item, items[i + 1]!)) more.push(items[++i]!);
    const read = readRule(item, more, family, ctx);
    if (typeof read !== 'string') result.rules.push(...read);
    else if (read === 'unknown') {
      ctx.bag.error(
        'unknown-rule',
        atItem(item),
        `\`${item.text}\` is not a field rule.`,
        didYouMean(item.text, RULE_WORDS) ?? `rules: ${RULE_WORDS.join(', ')}`,
      );
    } else if (read === 'bad') {
      ctx.bag.error(
        'bad-rule',
        atItem(item),
        `\`${item.text}\` cannot hold: check its bounds, its pattern or the fields it names.`,
        'bounds are 0 or more with the smaller first; a pattern is a valid regular expression; `unique with` names fields: `unique with course, student`; a file `accepts image or pdf or .docx` and is `at most 5 MB`',
      );
    } else {
      ctx.bag.error(
        'rule-type-mismatch',
        atItem(item),
        `${read} does not apply to a field of type ${type?.kind === 'files' ? 'list of files' : type?.kind}.`,
        'chars and pattern apply to text; min and max to numbers; at least/at most to text, lists and numbers; after today to dates; numbered to text (with a format) and integers; slug from to text; accepts and at most N MB to files; at most N files to a list of files',
      );
    }
  }
  return result;
}
