import type { CatalogueEntry } from '@specrun/model';
import type { RootContent, Table } from 'mdast';
import type { ReadContext } from '../../read-context.js';
import { isUpperSnake, toUpperSnake } from '../names.js';
import { cellOf, readTable, type Row } from '../tables/read-table.js';
import { engineCatalogue } from './default-catalogue.js';
import { readErrorKey } from './read-error-key.js';

const COLUMNS = [
  { name: 'code', required: true },
  { name: 'status' },
  { name: 'key' },
  { name: 'message' },
];

function readStatus(
  row: Row,
  engine: CatalogueEntry | undefined,
  ctx: ReadContext,
): number | undefined {
  const cell = cellOf(row, 'status');
  if (cell.text === '' && engine) return engine.status;
  const status = /^\d{3}$/.test(cell.text) ? Number(cell.text) : NaN;
  if (status >= 400 && status <= 599) return status;
  ctx.bag.error(
    'bad-status',
    cell,
    cell.text === '' ? 'This error has no status.' : `\`${cell.text}\` is not an error status.`,
    'write an HTTP status from 400 to 599, such as 422 or 409',
  );
  return undefined;
}

function readEntry(row: Row, entries: CatalogueEntry[], ctx: ReadContext): void {
  const codeCell = cellOf(row, 'code');
  const code = codeCell.text;
  if (code === '') {
    ctx.bag.error(
      'empty-cell',
      codeCell,
      'This row has no error code.',
      'write the code in UPPER_SNAKE case',
    );
    return;
  }
  const index = entries.findIndex((e) => e.code === code);
  const existing = entries[index];
  if (existing?.line !== undefined) {
    ctx.bag.error(
      'duplicate-error-code',
      codeCell,
      `The error code \`${code}\` is declared twice; the first is at line ${existing.line}.`,
      'remove one of the two rows',
    );
    return;
  }
  if (!isUpperSnake(code)) {
    ctx.bag.warning(
      'error-code-style',
      codeCell,
      `Error codes are UPPER_SNAKE; \`${code}\` is not.`,
      `write \`${toUpperSnake(code)}\``,
    );
  }
  const status = readStatus(row, existing, ctx);
  const messageCell = cellOf(row, 'message');
  const message = messageCell.text || existing?.message;
  if (message === undefined) {
    ctx.bag.error(
      'empty-cell',
      messageCell,
      `The error \`${code}\` has no message.`,
      'write the message users see',
    );
  }
  if (status === undefined || message === undefined) return;
  const key = readErrorKey(row, ctx);
  const entry: CatalogueEntry = {
    code,
    status,
    message,
    ...(key === undefined ? {} : { key }),
    engine: existing !== undefined,
    line: row.line,
  };
  ctx.where.set(entry, 'code', codeCell);
  ctx.where.set(entry, 'message', messageCell);
  ctx.where.set(entry, 'key', cellOf(row, 'key'));
  if (existing) entries[index] = entry;
  else entries.push(entry);
}

/** Reads section 8 over the engine's codes: a row may override an engine code's message. */
export function readCatalogue(
  body: readonly RootContent[] | undefined,
  ctx: ReadContext,
): CatalogueEntry[] {
  const entries = engineCatalogue();
  for (const table of (body ?? []).filter((n): n is Table => n.type === 'table')) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) readEntry(row, entries, ctx);
  }
  return entries;
}
