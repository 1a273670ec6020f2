import type { Table, TableCell } from 'mdast';
import type { RowCell } from './split-row.js';

/** A table row as the scanner split it: where it stands, and its cells as written. */
export interface ScannedRow {
  /** 1-based line. */
  line: number;
  /** Column where the row's text starts (after its indentation). */
  column: number;
  /** Column just past the row's last character. */
  endColumn: number;
  cells: RowCell[];
}

/** What the scanner keeps of a table it found, for readers that can do without its mdast cells. */
export interface ScannedTable {
  /** The header row and the body rows (the delimiter row left out), split anew on each call. */
  rows(): ScannedRow[];
  /** The header row alone, split. */
  header(): ScannedRow;
  /** The mdast cell remark-gfm would make of a cell of the row on `line`. */
  cellNode(cell: RowCell, line: number): TableCell;
}

const SCANNED = Symbol('scanned table');

/**
 * Keeps the scanner's rows with the table node, out of sight of whoever walks, compares or
 * serialises the tree (not enumerable): most cells are plain words, which the table reader
 * takes straight from them instead of making mdast nodes only to read them back.
 */
export function keepScanned(table: Table, scanned: ScannedTable): void {
  Object.defineProperty(table, SCANNED, { value: scanned, enumerable: false });
}

/** The scanner's rows of a table it found; undefined for a table remark read. */
export function scannedOf(table: Table): ScannedTable | undefined {
  return (table as { [SCANNED]?: ScannedTable })[SCANNED];
}
