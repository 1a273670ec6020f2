import type { InlineCode, Paragraph, PhrasingContent, Text } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from './visit-positions.js';

const inlineProcessor = unified().use(remarkParse).use(remarkGfm);

/**
 * What may start inline markup other than code: such cells go to remark. An underscore
 * between two letters or digits (`MAX_OPEN`) can never open or close emphasis, so only an
 * underscore at a word's edge counts.
 */
const MARKUP = /[*[\]<>&!~]|https?:|www\.|@|(^|[^A-Za-z0-9])_|_($|[^A-Za-z0-9])/;

/** True when the text outside code spans could hold links, emphasis, entities or HTML. */
export function hasInlineMarkup(raw: string): boolean {
  return MARKUP.test(raw.includes('`') ? raw.replace(/`+[^`]*`+/g, '') : raw);
}

/**
 * Inline nodes parsed by remark itself, with positions moved to the cell's place. The cell is
 * parsed after a no-break space: whitespace to the emphasis rules, as the start of a line is,
 * but not indentation, so `*` or `#` alone stay text instead of starting a list or heading.
 */
function remarkInlines(
  raw: string,
  line: number,
  columnOf: (index: number) => number,
  offsetOf: OffsetOf,
): PhrasingContent[] {
  const first = inlineProcessor.parse(`\u00a0${raw}`).children[0];
  if (first?.type !== 'paragraph') return [];
  const paragraph: Paragraph = first;
  const lead = paragraph.children[0];
  if (lead?.type === 'text' && lead.value.startsWith('\u00a0')) {
    lead.value = lead.value.slice(1);
    if (lead.position) lead.position.start.column += 1;
    if (lead.value === '') paragraph.children.shift();
  }
  visit(paragraph, (p) => {
    p.column = columnOf(p.column - 2);
    p.line = line;
    p.offset = offsetOf(line, p.column);
  });
  return paragraph.children;
}

/**
 * True for a cell that is plain words (the most of them): its inline content is one text node
 * holding it all, as written. `raw` is the cell's content as splitRow gives it.
 */
export function isPlainCell(raw: string): boolean {
  return raw !== '' && !raw.includes('`') && !raw.includes('\\') && !hasInlineMarkup(raw);
}

/** Maps a 1-based line and column of the document to its character offset. */
export type OffsetOf = (line: number, column: number) => number;

const point = (line: number, column: number, offsetOf: OffsetOf) => ({
  line,
  column,
  offset: offsetOf(line, column),
});

/** Backslash escapes of ASCII punctuation, as CommonMark resolves them in text. */
const unescape = (s: string) => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

/**
 * The inline content of one table cell: code spans (CommonMark rules: a run of N backticks
 * closes at the next run of exactly N) and text between them. `raw` has `\|` already
 * turned into `|`, as GFM does inside a cell, code spans included.
 */
export function readCellInlines(
  raw: string,
  line: number,
  columnOf: (index: number) => number,
  offsetOf: OffsetOf,
): PhrasingContent[] {
  if (hasInlineMarkup(raw)) return remarkInlines(raw, line, columnOf, offsetOf);
  if (raw === '') return [];
  // Most cells are plain words: one text node, with nothing to unescape or look for.
  if (isPlainCell(raw)) {
    const start = point(line, columnOf(0), offsetOf);
    const end = point(line, columnOf(raw.length), offsetOf);
    return [{ type: 'text', value: raw, position: { start, end } }];
  }
  const nodes: PhrasingContent[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end <= textStart) return;
    const text: Text = {
      type: 'text',
      value: unescape(raw.slice(textStart, end)),
      position: {
        start: point(line, columnOf(textStart), offsetOf),
        end: point(line, columnOf(end), offsetOf),
      },
    };
    nodes.push(text);
  };
  let i = 0;
  while (i < raw.length) {
    if (raw[i] === '\\' && i + 1 < raw.length) {
      i += 2;
      continue;
    }
    if (raw[i] !== '`') {
      i++;
      continue;
    }
    let run = i;
    while (raw[run] === '`') run++;
    const fence = raw.slice(i, run);
    const close = findClosingRun(raw, run, fence.length);
    if (close < 0) {
      i = run;
      continue;
    }
    pushText(i);
    let value = raw.slice(run, close);
    if (value.length > 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '') {
      value = value.slice(1, -1);
    }
    const code: InlineCode = {
      type: 'inlineCode',
      value,
      position: {
        start: point(line, columnOf(i), offsetOf),
        end: point(line, columnOf(close + fence.length), offsetOf),
      },
    };
    nodes.push(code);
    i = close + fence.length;
    textStart = i;
  }
  pushText(raw.length);
  return nodes;
}

/** Index of the next backtick run of exactly `length` from `from`, or -1. */
function findClosingRun(raw: string, from: number, length: number): number {
  let i = from;
  while (i < raw.length) {
    if (raw[i] !== '`') {
      i++;
      continue;
    }
    let end = i;
    while (raw[end] === '`') end++;
    if (end - i === length) return i;
    i = end;
  }
  return -1;
}
