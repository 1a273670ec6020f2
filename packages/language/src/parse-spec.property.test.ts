import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSpec } from './parse-spec.js';
import { VALID_SPECS } from './test-support.js';

const documents = VALID_SPECS.map((file) => readFileSync(file, 'utf8'));

type Mutation = (lines: string[]) => string[];

const garbage = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '|',
    '`',
    '``',
    '\\|',
    '→',
    '{',
    '}',
    '#',
    '## 3.',
    '### X',
    '| a | b |',
    '- States:',
    '\u0000',
    '\uFEFF',
    '😀',
    'e\u0301',
  ),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.nat().map(
    (i): Mutation =>
      (lines) =>
        lines.filter((_, j) => j !== i % lines.length),
  ),
  fc.nat().map(
    (i): Mutation =>
      (lines) =>
        lines.flatMap((line, j) => (j === i % lines.length ? [line, line] : [line])),
  ),
  fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(
    ([i, a, b]): Mutation =>
      (lines) =>
        lines.map((line, j) => {
          if (j !== i % lines.length || !line.startsWith('|')) return line;
          const cells = line.split('|');
          const x = a % cells.length;
          const y = b % cells.length;
          [cells[x], cells[y]] = [cells[y]!, cells[x]!];
          return cells.join('|');
        }),
  ),
  fc.tuple(fc.nat(), fc.nat(), garbage).map(
    ([i, at, text]): Mutation =>
      (lines) =>
        lines.map((line, j) =>
          j === i % lines.length
            ? line.slice(0, at % (line.length + 1)) + text + line.slice(at % (line.length + 1))
            : line,
        ),
  ),
  fc.tuple(fc.nat(), fc.integer({ min: 1000, max: 20000 })).map(
    ([i, size]): Mutation =>
      (lines) =>
        lines.map((line, j) =>
          j === i % lines.length && line.startsWith('|')
            ? line.replace(/\|([^|]*)\|/, `|${'x`,{'.repeat(size / 4)}|`)
            : line,
        ),
  ),
);

describe('parseSpec on mutated specifications', () => {
  it('never throws and keeps every diagnostic inside the document', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...documents),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (document, mutations) => {
          const text = mutations
            .reduce((lines, mutate) => mutate(lines), document.split('\n'))
            .join('\n');
          const lineCount = text.split(/\r\n|\r|\n/).length;
          const { model, diagnostics } = parseSpec(text);
          expect(JSON.parse(JSON.stringify(model))).toStrictEqual(model);
          for (const d of diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.line).toBeLessThanOrEqual(lineCount);
            expect(d.column).toBeGreaterThanOrEqual(1);
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        expect(() => parseSpec(text)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
