import type { Field } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { cellText, csvCell, csvRow, neutralised } from '../../src/http/csv-cells.js';
import { parsed, specText } from '../support/parsed-model.js';

const model = parsed(
  specText('Shop', {
    1: `
Orders of a shop.
`,
    3: `
### Customer

| Field | Type | Required | Default | Rules |
| ----- | ---- | -------- | ------- | ----- |
| name  | text | yes      |         |       |

### Order

| Field    | Type           | Required | Default | Rules |
| -------- | -------------- | -------- | ------- | ----- |
| note     | text           | no       |         |       |
| total    | money          | no       |         |       |
| placedAt | datetime       | no       |         |       |
| customer | → Customer     | no       |         |       |
| others   | list of Customer   | no       |         |       |
| receipt  | file           | no       |         |       |
`,
  }),
);
const field = (name: string): Field =>
  model.entities.find((e) => e.name === 'Order')!.fields.find((f) => f.name === name)!;

describe('a CSV cell', () => {
  it('is quoted, its quotes doubled, only when it holds a comma, a quote or a line break', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\rtwo')).toBe('"one\rtwo"');
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",');
  });

  it('keeps text that would start a formula from running', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralised(text)).toBe(`'${text}`);
    expect(neutralised('a=b')).toBe('a=b');
    expect(cellText(model, field('note'), '=cmd|"/c calc"!A0')).toBe(`'=cmd|"/c calc"!A0`);
    // A number the engine writes keeps its sign: it is a number, not a formula.
    expect(cellText(model, field('total'), '-12.50')).toBe('-12.50');
  });

  it('writes values plainly: ISO instants, references by title, files by name', () => {
    expect(cellText(model, field('placedAt'), '2025-03-01T14:30:00.000Z')).toBe(
      '2025-03-01T14:30:00.000Z',
    );
    expect(cellText(model, field('customer'), { id: 'c1', name: '=Ann' })).toBe("'=Ann");
    expect(cellText(model, field('customer'), 'c1')).toBe('c1');
    expect(
      cellText(model, field('others'), [
        { id: 'c1', name: 'Ann' },
        { id: 'c2', name: 'Bob' },
      ]),
    ).toBe('Ann; Bob');
    expect(cellText(model, field('receipt'), { name: 'r.pdf', size: 3 })).toBe('r.pdf');
    expect(cellText(model, field('note'), null)).toBe('');
  });
});
