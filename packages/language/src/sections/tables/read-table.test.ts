import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../../diagnostics/diagnostic-bag.js';
import { Locations } from '../../diagnostics/locations.js';
import { parseMarkdown } from '../../markdown/parse-markdown.js';
import { codesOf } from './read-cell.js';
import { cellOf, readTable } from './read-table.js';
import { splitItems, wordOf } from './split-items.js';
import type { Table } from 'mdast';

function read(md: string, columns = [{ name: 'name', required: true }, { name: 'rules' }]) {
  const ctx = { source: md, bag: new DiagnosticBag(), where: new Locations() };
  const table = parseMarkdown(md).children[0] as Table;
  return { rows: readTable(table, columns, ctx), diagnostics: ctx.bag.items };
}

describe('readTable', () => {
  it('maps header cells to columns case-insensitively', () => {
    const { rows, diagnostics } = read('| NAME | Rules |\n|---|---|\n| a | b |');
    expect(diagnostics).toEqual([]);
    expect(cellOf(rows![0]!, 'name')).toMatchObject({ text: 'a', line: 3, column: 3 });
    expect(cellOf(rows![0]!, 'rules')).toMatchObject({ text: 'b', line: 3, column: 7 });
  });

  it('warns on unknown and repeated columns at their header cell', () => {
    const { diagnostics } = read('| Name | Colour | Name |\n|---|---|---|\n| a | b | c |');
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['unknown-column', 1, 10],
      ['unknown-column', 1, 19],
    ]);
  });

  it('errors on a missing required column and reads nothing', () => {
    const { rows, diagnostics } = read('| Rules |\n|---|\n| b |');
    expect(rows).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['missing-column', 1, 1]]);
  });

  it('gives empty cells for rows shorter than the header', () => {
    const { rows } = read('| Name | Rules |\n|---|---|\n| a |');
    expect(cellOf(rows![0]!, 'rules').text).toBe('');
  });

  it('gives code spans with the exact column of each character, minding escaped pipes', () => {
    const md = '| Name | Rules |\n|---|---|\n| a | `x \\|\\| y`, ``pattern `^a,b$` `` |';
    const { rows } = read(md);
    const cell = cellOf(rows![0]!, 'rules');
    const [first, second] = codesOf(cell);
    expect(first).toMatchObject({ value: 'x || y', line: 3 });
    expect(first!.columns.at(0)).toBe(md.split('\n')[2]!.indexOf('x \\|') + 1);
    expect(first!.columns.at(5)).toBe(md.split('\n')[2]!.indexOf('y`') + 1);
    // Each escaped pipe stands at its backslash: the second `|` of `||` is two columns on.
    const pipe = md.split('\n')[2]!.indexOf('\\|');
    expect([first!.columns.at(2), first!.columns.at(3)]).toEqual([pipe + 1, pipe + 3]);
    expect(second).toMatchObject({ value: '^a,b$' });
    expect(second!.columns.at(0)).toBe(md.split('\n')[2]!.indexOf('^a') + 1);
    const items = splitItems(cell.segments);
    expect(items.map((i) => [i.text, i.codes.map((c) => c.value)])).toEqual([
      ['', ['x || y']],
      ['pattern', ['^a,b$']],
    ]);
    expect(wordOf(items[0]!)).toBe('x || y');
  });
});
