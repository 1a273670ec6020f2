import { ColumnMap } from './column-map.js';

/** One cell of a table row as written: its content (with `\|` read as `|`) and where it is. */
export interface RowCell {
  /** The trimmed content, escaped pipes unescaped. */
  raw: string;
  /** 1-based source column of each character of `raw`, and one past the end. */
  columns: ColumnMap;
  /** 1-based column where the cell starts (its leading pipe, or the line's first character). */
  start: number;
  /** 1-based column just past the cell (past its closing pipe when there is one). */
  end: number;
}

const PIPE = 0x7c;
const BACKSLASH = 0x5c;

/**
 * Splits a GFM table row into cells at unescaped pipes (GFM splits even inside code spans,
 * unless the pipe is escaped). Leading and trailing pipes are optional.
 */
export function splitRow(line: string): RowCell[] {
  const cells: RowCell[] = [];
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  const leadingPipe = line[i] === '|';
  let cellStart = i;
  if (leadingPipe) i++;
  let raw = '';
  // Column of raw[0], and the indices of raw after which an escaping `\` was skipped.
  let rawColumn = i + 1;
  let skips: number[] = [];
  const finish = (end: number, closed: boolean) => {
    const first = raw.search(/\S/);
    const trimmedEnd = raw.trimEnd().length;
    const content = first < 0 ? '' : raw.slice(first, trimmedEnd);
    // Most cells escape no pipe: their columns are a straight run, made without slicing one.
    const columns =
      first < 0
        ? ColumnMap.straight(end + 1, 0)
        : skips.length === 0
          ? ColumnMap.straight(rawColumn + first, trimmedEnd - first)
          : new ColumnMap(rawColumn, raw.length, skips).slice(first, trimmedEnd);
    cells.push({
      raw: content,
      columns,
      start: cellStart + 1,
      end: closed ? end + 1 : end + 2,
    });
  };
  // Text is taken in slices between pipes, not a character at a time: a document's rows are
  // most of its characters.
  let from = i;
  for (; i < line.length; i++) {
    const ch = line.charCodeAt(i);
    if (ch === BACKSLASH && line.charCodeAt(i + 1) === PIPE) {
      raw += line.slice(from, i);
      skips.push(raw.length);
      raw += '|';
      i++;
      from = i + 1;
      continue;
    }
    if (ch === PIPE) {
      raw += line.slice(from, i);
      finish(i, true);
      cellStart = i;
      raw = '';
      rawColumn = i + 2;
      skips = [];
      from = i + 1;
    }
  }
  raw += line.slice(from);
  if (raw.trim() !== '' || cells.length === 0) finish(line.length - 1, false);
  // A closing pipe belongs to the last cell (remark's positions include it).
  else cells[cells.length - 1]!.end += 1;
  return cells;
}

/** True for a delimiter row: `|---|:--:|---:|`. */
export function isDelimiterRow(line: string): boolean {
  return /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line) && line.includes('-');
}

/** The alignments of a delimiter row's columns. */
export function alignments(line: string): ('left' | 'right' | 'center' | null)[] {
  return splitRow(line).map(({ raw }) => {
    const left = raw.startsWith(':');
    const right = raw.endsWith(':');
    return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
  });
}
