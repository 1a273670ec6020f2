/** One cell of a table row as written: its content (with `\|` read as `|`) and where it is. */
export interface RowCell {
  /** The trimmed content, escaped pipes unescaped. */
  raw: string;
  /** 1-based source column of each character of `raw`, plus one past the end. */
  columns: number[];
  /** 1-based column where the cell starts (its leading pipe, or the line's first character). */
  start: number;
  /** 1-based column just past the cell (past its closing pipe when there is one). */
  end: number;
}

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
  let columns: number[] = [];
  const finish = (end: number, closed: boolean) => {
    const first = raw.search(/\S/);
    const trimmedEnd = raw.trimEnd().length;
    const content = first < 0 ? '' : raw.slice(first, trimmedEnd);
    const cols = first < 0 ? [] : columns.slice(first, trimmedEnd);
    const after = first < 0 ? end + 1 : (columns[trimmedEnd - 1] ?? end) + 1;
    cells.push({
      raw: content,
      columns: [...cols, after],
      start: cellStart + 1,
      end: closed ? end + 1 : end + 2,
    });
  };
  for (; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '\\' && line[i + 1] === '|') {
      raw += '|';
      columns.push(i + 1);
      i++;
      continue;
    }
    if (ch === '|') {
      finish(i, true);
      cellStart = i;
      raw = '';
      columns = [];
      continue;
    }
    raw += ch;
    columns.push(i + 1);
  }
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
