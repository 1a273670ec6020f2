import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const HEAD = '| Name | Value | Meaning |\n|---|---|---|';
const constants = (rows: string): string => spec({ 9: `${HEAD}\n${rows}` });
const valueOf = (row: string) =>
  expectClean(constants(`| THE_VALUE | ${row} | x |`)).constants.find((c) => c.name === 'THE_VALUE')
    ?.value;

describe('readConstants', () => {
  it.each([
    ['5', { kind: 'number', value: 5 }],
    ['2.5', { kind: 'number', value: 2.5 }],
    ['true', { kind: 'boolean', value: true }],
    ['72h', { kind: 'duration', milliseconds: 72 * 3_600_000, source: '72h' }],
    ['15m', { kind: 'duration', milliseconds: 15 * 60_000, source: '15m' }],
    ['30d', { kind: 'duration', milliseconds: 30 * 86_400_000, source: '30d' }],
    ['10s', { kind: 'duration', milliseconds: 10_000, source: '10s' }],
    ['2w', { kind: 'duration', milliseconds: 14 * 86_400_000, source: '2w' }],
    ['12.50 EUR', { kind: 'money', amount: '12.50', currency: 'EUR' }],
    ['"Hello, world"', { kind: 'string', value: 'Hello, world' }],
    ['support@example.com', { kind: 'string', value: 'support@example.com' }],
  ])('reads the value %s', (written, value) => {
    expect(valueOf(written)).toEqual(value);
  });

  it('keeps the engine limits and lets the spec set them by name', () => {
    const md = constants('| PAGE_SIZE | 50 | Rows |\n| MAX_OPEN | 5 | Open ones |');
    const model = expectClean(md);
    expect(model.constants.find((c) => c.name === 'PAGE_SIZE')).toEqual({
      name: 'PAGE_SIZE',
      value: { kind: 'number', value: 50 },
      meaning: 'Rows',
      engine: true,
      line: at(md, '| PAGE_SIZE').line,
    });
    expect(model.constants.find((c) => c.name === 'SESSION_TTL')).toMatchObject({
      engine: true,
      value: { kind: 'duration' },
    });
    expect(model.constants.find((c) => c.name === 'MAX_OPEN')).toMatchObject({
      engine: false,
      value: { kind: 'number', value: 5 },
    });
  });

  it('errors on an engine limit set to a value of another type', () => {
    const md = constants('| PAGE_SIZE | 25h | Rows |');
    expectDiagnostic(md, 'limit-type-mismatch', at(md, '25h'));
  });

  it('errors on a duplicate constant and an empty value; warns on a name not in UPPER_SNAKE', () => {
    const md = constants(
      '| MAX_OPEN | 5 | x |\n| MAX_OPEN | 6 | x |\n| EMPTY_ONE |  | x |\n| maxClosed | 3 | x |',
    );
    expectDiagnostic(md, 'duplicate-constant', { line: at(md, '| MAX_OPEN | 6').line, column: 3 });
    expectDiagnostic(md, 'empty-cell', { line: at(md, '| EMPTY_ONE').line });
    expect(expectDiagnostic(md, 'constant-name-style', at(md, 'maxClosed')).hint).toContain(
      'MAX_CLOSED',
    );
  });
});
