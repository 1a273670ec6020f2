import { readdirSync, readFileSync } from 'node:fs';
import type { Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../../diagnostics/diagnostic-bag.js';
import { Locations } from '../../diagnostics/locations.js';
import { parseMarkdownFast } from '../../markdown/parse-markdown-fast.js';
import { scannedOf } from '../../markdown/scanned-table.js';
import { headerNames, readTable } from './read-table.js';

const reference = unified().use(remarkParse).use(remarkGfm);

const examples = readdirSync(new URL('../../../../../examples/', import.meta.url))
  .filter((f) => f.endsWith('.md'))
  .map((f) => [f, readFileSync(new URL(`../../../../../examples/${f}`, import.meta.url), 'utf8')])
  .filter(([, text]) => /^\|?[\s:|-]*---/m.test(text!));

const MIXED = [
  '| Name | Type | Rules | Note |',
  '|---|:-:|---|---|',
  '| plain words | `code` | a, `b, c`, d | *emphasis* and **strong** |',
  '|  spaced   out  | pipe \\| escaped | `a \\| b` | [link](https://example.com) |',
  '| | `` two `ticks` `` | back\\\\slash | &amp; entity |',
  '| short row |',
  '| MAX_OPEN | _edge_ | under_score | x@y.z |',
].join('\n');

/** Every top-level table of a document, each read with all its columns known. */
function readAll(text: string, tables: Table[]) {
  const ctx = { source: text, bag: new DiagnosticBag(), where: new Locations() };
  const rows = tables.map((table) =>
    readTable(
      table,
      headerNames(table).map((name) => ({ name })),
      ctx,
    ),
  );
  return { rows, diagnostics: ctx.bag.items };
}

const tablesOf = (root: { children: { type: string }[] }) =>
  root.children.filter((n): n is Table => n.type === 'table');

describe('readTable on the tables the scanner found', () => {
  it.each([...examples, ['mixed cells', MIXED]])(
    'reads %s as it reads the tables remark-gfm makes',
    (_name, text) => {
      const scanned = tablesOf(parseMarkdownFast(text!));
      expect(scanned.length).toBeGreaterThan(0);
      expect(scanned.every((table) => scannedOf(table) !== undefined)).toBe(true);
      const remark = tablesOf(reference.parse(text!));
      expect(remark.every((table) => scannedOf(table) === undefined)).toBe(true);
      expect(readAll(text!, scanned)).toEqual(readAll(text!, remark));
    },
  );
});
