import type { Table, TableCell, TableRow } from 'mdast';
import { readCellInlines, type OffsetOf } from './scan-cells.js';
import { keepScanned, type ScannedRow, type ScannedTable } from './scanned-table.js';
import { alignments, isDelimiterRow, splitRow, type RowCell } from './split-row.js';

/**
 * Stands where a table was. A blank line would let the blocks around the table join (two
 * lists becoming one); an HTML comment ends them as the table did, and is dropped after.
 */
export const TABLE_PLACEHOLDER = '<!--specrun:table-->';

/** The document with its top-level tables taken out, and those tables as mdast nodes. */
export interface ScannedTables {
  /** The lines of the text, each table replaced by one placeholder line. */
  kept: string[];
  /** For each 0-based line of `kept`, its 1-based line in the original text. */
  lineMap: number[];
  tables: Table[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Lines that open a blockquote or a list item. */
const CONTAINER_START = /^ {0,3}(>|[-+*](\s|$)|\d{1,9}[.)](\s|$))/;
/** Lines that start another block and so end a table (GFM). */
const BLOCK_START =
  /^ {0,3}(#{1,6}(\s|$)|>|`{3,}|~{3,}|([-*_])(\s*\3){2,}\s*$|[-+*](\s|$)|\d{1,9}[.)](\s|$))/;

/**
 * Finds GFM tables outside code fences with a fast line scanner and builds the same mdast nodes
 * remark-gfm would, with exact positions. remark's table tokenizer costs about 0.4 ms a row,
 * which made a 5,000-line specification take over a second to read.
 */
export function scanTables(text: string, lines: string[], offsetOf: OffsetOf): ScannedTables {
  const tables: Table[] = [];
  const kept: string[] = [];
  const lineMap: number[] = [];
  let fence: string | undefined;
  // Inside a run of lines that began a blockquote or list item, a table may belong to that
  // container (lazily continued): such tables are left to remark.
  let inContainer = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fenceMatch = FENCE.exec(line);
    if (line.trim() === '') inContainer = false;
    else if (CONTAINER_START.test(line)) inContainer = true;
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length)
        fence = undefined;
    } else if (fenceMatch) {
      fence = fenceMatch[1]!;
    } else if (!inContainer && startsTable(line, lines[i + 1])) {
      const end = tableEnd(lines, i + 2);
      tables.push(buildTable(lines, i, end, offsetOf));
      kept.push(TABLE_PLACEHOLDER);
      lineMap.push(i + 1);
      i = end - 1;
      continue;
    }
    kept.push(line);
    lineMap.push(i + 1);
  }
  void text;
  return { kept, lineMap, tables };
}

function startsTable(line: string, next: string | undefined): boolean {
  // Only tables at the start of the line: indented ones may sit inside a list item.
  if (next === undefined || !line.includes('|') || /^\s/.test(line) || /^\s/.test(next))
    return false;
  if (BLOCK_START.test(line)) return false;
  if (!isDelimiterRow(next)) return false;
  return splitRow(line).length === splitRow(next).length;
}

/** The index of the first line after the table's body rows. */
function tableEnd(lines: string[], from: number): number {
  let i = from;
  while (i < lines.length && lines[i]!.trim() !== '' && !BLOCK_START.test(lines[i]!)) i++;
  return i;
}

function buildTable(lines: string[], header: number, end: number, offsetOf: OffsetOf): Table {
  const width = splitRow(lines[header]!).length;
  const lastLine = lines[end - 1]!;
  const scanned: ScannedTable = {
    rows: () => scanRows(lines, header, end),
    header: () => scanRows(lines, header, header + 1)[0]!,
    cellNode: (cell, line) => cellNode(cell, line, offsetOf),
  };
  const table: Table = {
    type: 'table',
    align: alignments(lines[header + 1]!).slice(0, width),
    // Rows are most of a document's nodes, and nodes kept to the end of reading cost more in
    // garbage collection than building them does: the rows are built when read (once, by the
    // table's reader) and not kept. Whoever reads the tree finds the same rows.
    get children(): TableRow[] {
      return scanned.rows().map((row) => rowNode(row, scanned, offsetOf));
    },
    position: {
      start: { line: header + 1, column: 1, offset: offsetOf(header + 1, 1) },
      end: { line: end, column: lastLine.length + 1, offset: offsetOf(end, lastLine.length + 1) },
    },
  };
  keepScanned(table, scanned);
  return table;
}

/** The header and body rows of the table on lines `header` to `end` (exclusive), split. */
function scanRows(lines: string[], header: number, end: number): ScannedRow[] {
  const rows: ScannedRow[] = [];
  for (let i = header; i < end; i++) {
    if (i === header + 1) continue;
    const line = lines[i]!;
    rows.push({
      line: i + 1,
      column: 1 + (line.length - line.trimStart().length),
      endColumn: line.length + 1,
      cells: splitRow(line),
    });
  }
  return rows;
}

function cellNode(cell: RowCell, line: number, offsetOf: OffsetOf): TableCell {
  return {
    type: 'tableCell',
    children: readCellInlines(cell.raw, line, (index) => cell.columns.at(index), offsetOf),
    position: {
      start: { line, column: cell.start, offset: offsetOf(line, cell.start) },
      end: { line, column: cell.end, offset: offsetOf(line, cell.end) },
    },
  };
}

function rowNode(row: ScannedRow, scanned: ScannedTable, offsetOf: OffsetOf): TableRow {
  const { line, column, endColumn } = row;
  return {
    type: 'tableRow',
    children: row.cells.map((cell) => scanned.cellNode(cell, line)),
    position: {
      start: { line, column, offset: offsetOf(line, 1) },
      end: { line, column: endColumn, offset: offsetOf(line, endColumn) },
    },
  };
}
