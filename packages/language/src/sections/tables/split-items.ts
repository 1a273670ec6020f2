import type { At } from '../../diagnostics/diagnostic-bag.js';
import type { Segment } from './read-cell.js';

/** One comma-separated item of a cell: `3..120 chars`, ``pattern `^a$` ``, `assignee`. */
export interface Item {
  /** The item's plain text outside code spans, trimmed and whitespace folded. */
  text: string;
  /** The item's code spans. */
  codes: Segment[];
  segments: Segment[];
  line: number;
  column: number;
}

/** The item's single word: its text, or its code when it has no text (`` `title` ``). */
export function wordOf(item: Item): string {
  return item.text !== '' ? item.text : (item.codes[0]?.value.trim() ?? '');
}

/** Where an item starts. */
export function atItem(item: { line: number; column: number }): At {
  return { line: item.line, column: item.column };
}

function finish(segments: Segment[], items: Item[]): void {
  const text = segments
    .filter((s) => s.kind === 'text')
    .map((s) => s.value)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const codes = segments.filter((s) => s.kind === 'code');
  if (text === '' && codes.length === 0) return;
  const first = segments.find((s) => s.kind === 'code' || s.value.trim() !== '')!;
  const lead = first.kind === 'code' ? 0 : first.value.length - first.value.trimStart().length;
  items.push({ text, codes, segments, line: first.line, column: first.columns.at(lead) });
}

/** Splits segments at a separator found outside code spans; empty items are dropped. */
export function splitItems(segments: readonly Segment[], separator = ','): Item[] {
  const items: Item[] = [];
  let current: Segment[] = [];
  for (const segment of segments) {
    if (segment.kind === 'code') {
      current.push(segment);
      continue;
    }
    let start = 0;
    let index = segment.value.indexOf(separator);
    while (index !== -1) {
      current.push(slice(segment, start, index));
      finish(current, items);
      current = [];
      start = index + separator.length;
      index = segment.value.indexOf(separator, start);
    }
    current.push(slice(segment, start, segment.value.length));
  }
  finish(current, items);
  return items;
}

/** The part of a segment from `start` to `end`. */
export function slice(segment: Segment, start: number, end: number): Segment {
  return {
    kind: segment.kind,
    value: segment.value.slice(start, end),
    line: segment.line,
    columns: segment.columns.slice(start, end),
  };
}
