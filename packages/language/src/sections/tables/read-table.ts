import type { Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { didYouMean } from '@specrun/model';
import { isPlainCell } from '../../markdown/scan-cells.js';
import { scannedOf } from '../../markdown/scanned-table.js';
import type { ReadContext } from '../../read-context.js';
import { emptyCell, readCell, readScannedCell, type Cell } from './read-cell.js';

/** A column a table may have; `required` columns must be present in the header. */
export interface ColumnSpec {
  name: string;
  required?: boolean;
}

/** A body row: its position and its cells by column name (lowercase). */
export interface Row {
  line: number;
  column: number;
  cells: Record<string, Cell>;
}

const normalise = (name: string): string => name.toLowerCase().replace(/\s+/g, ' ').trim();

/** A row of a table as the readers see it: where it is, and its cells, read when asked for. */
interface TableLine {
  line: number;
  column: number;
  endColumn: number;
  /** The cell at `index`, read; undefined past the row's last cell. */
  cell(index: number): Cell | undefined;
  width: number;
}

/**
 * The header and body rows of a table. A table the scanner found is read from its split rows
 * (read-cell.ts, readScannedCell), without the mdast rows and cells made only to be read back
 * (half of reading a long specification's tables); one remark read, from its nodes.
 */
function linesOf(table: Table, source: string): TableLine[] {
  const scanned = scannedOf(table);
  if (scanned)
    return scanned.rows().map(({ line, column, endColumn, cells }) => ({
      line,
      column,
      endColumn,
      width: cells.length,
      cell: (index) => {
        const cell = cells[index];
        return cell && readScannedCell(cell, line, scanned, source);
      },
    }));
  return table.children.map((row) => ({
    line: row.position?.start.line ?? 1,
    column: row.position?.start.column ?? 1,
    endColumn: row.position?.end.column ?? 1,
    width: row.children.length,
    cell: (index) => {
      const cell = row.children[index];
      return cell && readCell(cell, source);
    },
  }));
}

/**
 * The lowercase column names of a table's header row. Of a table the scanner found, only the
 * header is read: its mdast rows would be built for every row, and each cell of them.
 */
export function headerNames(table: Table): string[] {
  const scanned = scannedOf(table);
  if (!scanned) return (table.children[0]?.children ?? []).map((cell) => normalise(toString(cell)));
  const { line, cells } = scanned.header();
  return cells.map((cell) =>
    normalise(isPlainCell(cell.raw) ? cell.raw : toString(scanned.cellNode(cell, line))),
  );
}

/**
 * Reads a GFM table by its header cells (case-insensitive): warns on unknown columns, errors on
 * missing required ones (then returns undefined), and gives each row's cells by column name.
 */
export function readTable(
  table: Table,
  columns: readonly ColumnSpec[],
  ctx: ReadContext,
): Row[] | undefined {
  const [header, ...body] = linesOf(table, ctx.source);
  if (!header) return undefined;
  const known = columns.map((c) => c.name);
  const names: (string | undefined)[] = [];
  for (let index = 0; index < header.width; index++) {
    const cell = header.cell(index)!;
    const name = normalise(cell.text);
    const seen = names.includes(name);
    if (known.includes(name) && !seen) names.push(name);
    else {
      names.push(undefined);
      if (name === '') continue;
      const what = seen
        ? `The column \`${cell.text}\` appears twice`
        : `\`${cell.text}\` is not a column of this table`;
      const hint = seen
        ? 'remove the second one'
        : (didYouMean(name, known) ?? `columns: ${known.join(', ')}`);
      ctx.bag.warning('unknown-column', cell, `${what}; it is ignored.`, hint);
    }
  }
  const at = { line: header.line, column: header.column };
  const missing = columns.filter((c) => c.required && !names.includes(c.name));
  for (const column of missing) {
    ctx.bag.error(
      'missing-column',
      at,
      `This table needs a \`${column.name}\` column.`,
      `add a column headed ${titleCase(column.name)}`,
    );
  }
  if (missing.length > 0) return undefined;
  // Where each known column stands in the header; a column it lacks reads as empty.
  const indexOf = new Map<string, number>();
  names.forEach((name, index) => {
    if (name !== undefined) indexOf.set(name, index);
  });
  return body.map((row) => {
    const cells: Record<string, Cell> = {};
    for (const name of known) {
      const index = indexOf.get(name);
      const cell = index === undefined ? undefined : row.cell(index);
      cells[name] = cell ?? emptyCell(row.line, row.endColumn);
    }
    return { line: row.line, column: row.column, cells };
  });
}

const titleCase = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The cell of a column (always present: absent columns read as empty cells). */
export function cellOf(row: Row, name: string): Cell {
  return row.cells[name] ?? emptyCell(row.line, row.column);
}
