import type { Heading, List, ListItem, Paragraph, RootContent, Text } from 'mdast';
import { hasInlineMarkup, type OffsetOf } from './scan-cells.js';
import { TABLE_PLACEHOLDER } from './scan-tables.js';

/** What is left for remark once the plain prose blocks are taken out, and those blocks. */
export interface ScannedProse {
  /** The lines for remark: each run of blocks taken out (with tables' placeholders) as one placeholder. */
  kept: string[];
  /** For each line of `kept`, its 1-based line in the original text. */
  lineMap: number[];
  /** The blocks taken out, as remark would read them, with their positions in the original text. */
  nodes: RootContent[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Lines that open a blockquote or a list item. */
const CONTAINER_START = /^ {0,3}(>|[-+*](\s|$)|\d{1,9}[.)](\s|$))/;
/** HTML blocks that may hold blank lines (CommonMark kinds 1 to 5), with what ends each. */
const HTML_SPANNING: readonly [RegExp, RegExp][] = [
  [/^ {0,3}<(script|pre|style|textarea)(\s|>|$)/i, /<\/(script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
/** Any other HTML block (kinds 6 and 7) runs to the next blank line. */
const HTML_START = /^ {0,3}</;

/** An ATX heading of plain words: one space after its marks, no closing marks. */
const HEADING = /^(#{1,6}) ([^\s#][^#]*)$/;
/** A bullet item of plain words, one space after its marker. */
const BULLET = /^([-*+]) ([A-Za-z].*)$/;
const STARTS_WITH_LETTER = /^[A-Za-z]/;

/**
 * True for words remark reads as one text node, as written: no inline markup, no code, no
 * escapes, nothing GFM reads (a table's pipe, an address), no tab and nothing trailing that a
 * line's end would drop or read as a hard break.
 */
function isPlainText(text: string): boolean {
  return (
    text !== '' &&
    !/[`\\|\t]/.test(text) &&
    text.trimEnd() === text &&
    text.trimStart() === text &&
    !hasInlineMarkup(text)
  );
}

type Kind = 'blank' | 'placeholder' | 'other';
const kindOf = (line: string): Kind =>
  line === TABLE_PLACEHOLDER ? 'placeholder' : line.trim() === '' ? 'blank' : 'other';

/**
 * Takes out of the lines left by the table scanner the prose blocks that are plain words: ATX
 * headings, paragraphs and bullet lists of one-line items, and builds the nodes remark would
 * make of them. micromark costs about the same for every block, however plain, and most
 * blocks of a specification are such headings and sentences. A block is taken only where no
 * fence, HTML block or container is open and where its end cannot change what follows (a
 * blank line, a placeholder or the end comes after it); each run of blocks taken out and
 * placeholders becomes one placeholder, which closes every block before it as they did.
 * Documents with carriage returns are left to remark whole (their paragraphs keep them).
 */
export function scanProse(
  lines: readonly string[],
  lineMap: readonly number[],
  offsetOf: OffsetOf,
  hasCarriageReturn: boolean,
): ScannedProse {
  if (hasCarriageReturn) return { kept: [...lines], lineMap: [...lineMap], nodes: [] };
  const kinds = lines.map(kindOf);
  const taken = new Array<boolean>(lines.length).fill(false);
  const nodes: RootContent[] = [];
  const point = (index: number, column: number) => {
    const line = lineMap[index]!;
    return { line, column, offset: offsetOf(line, column) };
  };
  const spanOf = (from: number, fromColumn: number, to: number) => ({
    start: point(from, fromColumn),
    end: point(to, lines[to]!.length + 1),
  });
  // Where the run of plain lines from `from` ends, if it ends where nothing can follow on.
  const endsClosed = (end: number) => end === lines.length || kinds[end] !== 'other';

  let fence: string | undefined;
  let htmlEnd: RegExp | undefined;
  let htmlToBlank = false;
  let inContainer = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Inside a fence or an HTML block that may hold blank lines, every line is its content.
    if (fence !== undefined) {
      kinds[i] = 'other';
      const close = FENCE.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
      continue;
    }
    if (htmlEnd) {
      kinds[i] = 'other';
      if (htmlEnd.test(line)) htmlEnd = undefined;
      continue;
    }
    const kind = kinds[i]!;
    if (kind === 'blank') {
      htmlToBlank = false;
      inContainer = false;
      continue;
    }
    if (htmlToBlank) {
      kinds[i] = 'other';
      continue;
    }
    if (kind === 'placeholder') continue;
    const fresh = !inContainer && (i === 0 || kinds[i - 1] !== 'other' || taken[i - 1]!);
    const block = fresh ? plainBlock(i) : undefined;
    if (block) {
      nodes.push(block.node);
      for (let j = i; j < block.end; j++) taken[j] = true;
      i = block.end - 1;
      continue;
    }
    const opensFence = FENCE.exec(line)?.[1];
    if (opensFence) {
      fence = opensFence;
      continue;
    }
    const spanning = HTML_SPANNING.find(([start]) => start.test(line));
    if (spanning) {
      if (!spanning[1].test(line.replace(spanning[0], ''))) htmlEnd = spanning[1];
      continue;
    }
    if (HTML_START.test(line)) htmlToBlank = true;
    else if (CONTAINER_START.test(line)) inContainer = true;
  }
  return { ...collapse(lines, lineMap, kinds, taken), nodes };

  /** The plain block starting on line `from`, and the index of the line after it. */
  function plainBlock(from: number): { node: RootContent; end: number } | undefined {
    const line = lines[from]!;
    const heading = HEADING.exec(line);
    if (heading && isPlainText(heading[2]!)) {
      const depth = heading[1]!.length as Heading['depth'];
      const text: Text = {
        type: 'text',
        value: heading[2]!,
        position: spanOf(from, depth + 2, from),
      };
      const node: Heading = {
        type: 'heading',
        depth,
        children: [text],
        position: spanOf(from, 1, from),
      };
      return { node, end: from + 1 };
    }
    if (STARTS_WITH_LETTER.test(line)) {
      let end = from;
      while (end < lines.length && STARTS_WITH_LETTER.test(lines[end]!) && isPlainText(lines[end]!))
        end++;
      if (end === from || !endsClosed(end)) return undefined;
      const position = spanOf(from, 1, end - 1);
      const value = lines.slice(from, end).join('\n');
      const text: Text = { type: 'text', value, position: spanOf(from, 1, end - 1) };
      const node: Paragraph = { type: 'paragraph', children: [text], position };
      return { node, end };
    }
    const marker = BULLET.exec(line)?.[1];
    if (marker === undefined || !listStartsThere(from)) return undefined;
    const items: ListItem[] = [];
    let end = from;
    for (; end < lines.length; end++) {
      const item = BULLET.exec(lines[end]!);
      if (!item || item[1] !== marker || !isPlainText(item[2]!)) break;
      const text: Text = { type: 'text', value: item[2]!, position: spanOf(end, 3, end) };
      const paragraph: Paragraph = {
        type: 'paragraph',
        children: [text],
        position: spanOf(end, 3, end),
      };
      items.push({
        type: 'listItem',
        spread: false,
        checked: null,
        children: [paragraph],
        position: spanOf(end, 1, end),
      });
    }
    if (!endsClosed(end) || !listEndsThere(end)) return undefined;
    const node: List = {
      type: 'list',
      ordered: false,
      start: null,
      spread: false,
      children: items,
      position: spanOf(from, 1, end - 1),
    };
    return { node, end };
  }

  /**
   * True when a list cannot have begun before line `from`: blank lines may part a list's
   * items, so what comes before them must be a placeholder, a block taken out, or nothing.
   */
  function listStartsThere(from: number): boolean {
    let previous = from - 1;
    while (previous >= 0 && kinds[previous] === 'blank') previous--;
    return previous < 0 || kinds[previous] === 'placeholder' || taken[previous]!;
  }

  /**
   * True when a list ending before line `end` cannot go on after blank lines: what comes next
   * is a placeholder, the end, or a line at the margin that starts no list item.
   */
  function listEndsThere(end: number): boolean {
    let next = end;
    while (next < lines.length && kinds[next] === 'blank') next++;
    if (next === lines.length || kinds[next] === 'placeholder') return true;
    return /^[A-Za-z#]/.test(lines[next]!);
  }
}

/**
 * The lines for remark: in each run of taken blocks, placeholders and blank lines, what lies
 * from its first block to its last becomes one placeholder. The first closes every block
 * before it, as the block it stands for did; after each, remark starts afresh.
 */
function collapse(
  lines: readonly string[],
  lineMap: readonly number[],
  kinds: readonly Kind[],
  taken: readonly boolean[],
): { kept: string[]; lineMap: number[] } {
  const kept: string[] = [];
  const keptMap: number[] = [];
  const keep = (line: string, index: number) => {
    kept.push(line);
    keptMap.push(lineMap[index]!);
  };
  const inRun = (i: number) => taken[i]! || kinds[i] !== 'other';
  for (let i = 0; i < lines.length; i++) {
    if (!inRun(i)) {
      keep(lines[i]!, i);
      continue;
    }
    let end = i;
    while (end < lines.length && inRun(end)) end++;
    let first = i;
    while (first < end && kinds[first] === 'blank') first++;
    let last = end - 1;
    while (last > first && kinds[last] === 'blank') last--;
    // The blank lines around are kept as written (an indented code block before keeps its
    // whitespace lines); from the first block to the last, one placeholder.
    for (let j = i; j < first; j++) keep(lines[j]!, j);
    if (first < end) keep(TABLE_PLACEHOLDER, first);
    for (let j = last + 1; j < end && first < end; j++) keep(lines[j]!, j);
    i = end - 1;
  }
  return { kept, lineMap: keptMap };
}
