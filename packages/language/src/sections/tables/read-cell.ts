import type { PhrasingContent, TableCell } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { ColumnMap } from '../../markdown/column-map.js';
import { isPlainCell } from '../../markdown/scan-cells.js';
import type { ScannedTable } from '../../markdown/scanned-table.js';
import type { RowCell } from '../../markdown/split-row.js';

/** A run of a cell: plain text, or the value of a code span, with the column of each character. */
export interface Segment {
  kind: 'text' | 'code';
  value: string;
  line: number;
  /** Column of `value[i]` is `columns.at(i)`; `columns.at(value.length)` is just after it. */
  columns: ColumnMap;
}

/** A table cell read for the section readers: its folded text and its segments. */
export interface Cell {
  /** The cell's plain text (code spans without their backticks), whitespace folded. */
  text: string;
  line: number;
  /** Column of the cell's first character (or just inside its pipe when empty). */
  column: number;
  segments: Segment[];
}

type Node = {
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
};

/** Maps each character of a code span's value to its column, minding backticks and `\|`. */
function codeColumns(raw: string, value: string, column: number): ColumnMap {
  let i = 0;
  while (raw[i] === '`') i++;
  const fence = i;
  const inner = raw.slice(fence, raw.length - fence);
  if (inner.length >= 2 && inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '') i++;
  const base = column + i;
  // An escaped pipe stands at its backslash's column; what follows it moves one further.
  const skips: number[] = [];
  if (raw.includes('\\|')) {
    for (let j = 0; j < value.length; j++, i++) {
      if (raw[i] === '\\' && raw[i + 1] === '|' && value[j] === '|') {
        skips.push(j);
        i++;
      }
    }
  }
  return new ColumnMap(base, value.length, skips);
}

/** Splits a code span that shows backticks (``pattern `^a$` ``) into its text and inner code. */
function unwrap(segment: Segment): Segment[] {
  const match = /^([^`]*)`([^`]*)`([^`]*)$/.exec(segment.value);
  if (!match) return [segment];
  const [, before = '', code = '', after = ''] = match;
  const at = (start: number, value: string): ColumnMap =>
    segment.columns.slice(start, start + value.length);
  const parts: Segment[] = [];
  if (before)
    parts.push({ kind: 'text', value: before, line: segment.line, columns: at(0, before) });
  const codeStart = before.length + 1;
  parts.push({ kind: 'code', value: code, line: segment.line, columns: at(codeStart, code) });
  const afterStart = codeStart + code.length + 1;
  if (after)
    parts.push({ kind: 'text', value: after, line: segment.line, columns: at(afterStart, after) });
  return parts;
}

/** The segments of inline content (a cell's, a paragraph's), with their document positions. */
export function segmentsOf(nodes: readonly PhrasingContent[], source: string): Segment[] {
  const segments: Segment[] = [];
  for (const node of nodes) {
    const start = (node as Node).position?.start;
    const line = start?.line ?? 1;
    const column = start?.column ?? 1;
    if (node.type === 'inlineCode') {
      const end = (node as Node).position?.end.offset;
      const raw =
        start?.offset !== undefined && end !== undefined
          ? source.slice(start.offset, end)
          : '`' + node.value + '`';
      const segment: Segment = {
        kind: 'code',
        value: node.value,
        line,
        columns: codeColumns(raw, node.value, column),
      };
      segments.push(...unwrap(segment));
    } else if ('children' in node) {
      segments.push(...segmentsOf(node.children as PhrasingContent[], source));
    } else {
      const value = toString(node);
      if (value)
        segments.push({
          kind: 'text',
          value,
          line,
          columns: ColumnMap.straight(column, value.length),
        });
    }
  }
  return segments;
}

/** Reads a GFM table cell into its text and segments with their document positions. */
export function readCell(cell: TableCell, source: string): Cell {
  const segments = segmentsOf(cell.children, source);
  const first = segments.find((s) => s.value.trim() !== '');
  const start = cell.position?.start;
  const offset = first ? first.value.length - first.value.trimStart().length : 0;
  return {
    text: toString(cell).replace(/\s+/g, ' ').trim(),
    line: first?.line ?? start?.line ?? 1,
    column: first ? first.columns.at(offset) : (start?.column ?? 0) + 1,
    segments,
  };
}

/**
 * Reads a cell of a table the scanner found, as readCell reads the mdast cell made of it: a
 * plain or empty cell straight from what the scanner split (one text segment, or none), any
 * other through its mdast cell.
 */
export function readScannedCell(
  cell: RowCell,
  line: number,
  table: ScannedTable,
  source: string,
): Cell {
  if (cell.raw === '') return { text: '', line, column: cell.start + 1, segments: [] };
  if (!isPlainCell(cell.raw)) return readCell(table.cellNode(cell, line), source);
  const column = cell.columns.at(0);
  const columns = ColumnMap.straight(column, cell.raw.length);
  return {
    text: cell.raw.replace(/\s+/g, ' ').trim(),
    line,
    column,
    segments: [{ kind: 'text', value: cell.raw, line, columns }],
  };
}

/** An empty cell at a position, for rows that have fewer cells than the header. */
export function emptyCell(line: number, column: number): Cell {
  return { text: '', line, column, segments: [] };
}

/** The code spans of a cell (or item), in order. */
export function codesOf(holder: { segments: readonly Segment[] }): Segment[] {
  return holder.segments.filter((s) => s.kind === 'code');
}
