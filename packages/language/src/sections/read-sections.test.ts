import { SECTION_DEFINITIONS } from '@specrun/model';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../parse-spec.js';

const SEED = new URL('../../../../examples/unspecified.spec.md', import.meta.url);

const NINE = SECTION_DEFINITIONS.map((d) => d.title);

/** A document with the given H2 headings, each with an unspecified sentence. */
function doc(headings: string[]): string {
  return [
    '# Specification: Test',
    '',
    ...headings.flatMap((h) => [`## ${h}`, '', 'This is not shown.', '']),
  ].join('\n');
}

const numbered = (order: number[]) => order.map((n) => `${n}. ${NINE[n - 1]}`);

describe('reading the seed specification', () => {
  const { model, diagnostics } = parseSpec(readFileSync(SEED, 'utf8'));

  it('reports no errors and no warnings, only a note per unspecified section', () => {
    expect(diagnostics.filter((d) => d.severity !== 'note')).toEqual([]);
    expect(diagnostics.map((d) => d.code)).toEqual(Array(9).fill('unspecified-section'));
  });

  it('keeps the title and names the application from it', () => {
    expect(model.title).toBe('Specification: web application with an unidentified purpose');
    expect(model.name).toBe('web application with an unidentified purpose');
  });

  it('finds nine sections, all unspecified, each with its own sentence', () => {
    expect(model.sections.map((s) => s.title)).toEqual(NINE);
    expect(model.sections.every((s) => s.status === 'unspecified')).toBe(true);
    expect(model.sections[0]!.statement).toBe(
      'The purpose and the audience of the product are not shown.',
    );
    expect(model.sections[6]!.statement).toBe(
      'The calls of the product, with their methods, path shapes and payload shapes, are not shown.',
    );
    expect(model.description).toBe('');
  });
});

describe('section structure diagnostics', () => {
  const codesAt = (text: string) =>
    parseSpec(text)
      .diagnostics.filter((d) => d.severity !== 'note')
      .map((d) => [d.code, d.line]);

  it('accepts the nine sections in order', () => {
    expect(codesAt(doc(numbered([1, 2, 3, 4, 5, 6, 7, 8, 9])))).toEqual([]);
  });

  it('warns about a missing section at the heading it should precede', () => {
    // Section 4 is left out: the heading of section 5 is at line 15.
    expect(codesAt(doc(numbered([1, 2, 3, 5, 6, 7, 8, 9])))).toEqual([['missing-section', 15]]);
  });

  it('warns about a missing last section at the end of the document', () => {
    expect(codesAt(doc(numbered([1, 2, 3, 4, 5, 6, 7, 8])))).toEqual([['missing-section', 33]]);
  });

  it('reports a section out of order where it appears', () => {
    expect(codesAt(doc(numbered([1, 3, 2, 4, 5, 6, 7, 8, 9])))).toEqual([
      ['section-out-of-order', 11],
    ]);
  });

  it('reports a duplicated section at its second heading', () => {
    expect(codesAt(doc(numbered([1, 2, 2, 3, 4, 5, 6, 7, 8, 9])))).toEqual([
      ['duplicate-section', 11],
    ]);
  });

  it('reports a misnumbered section, recognised by its title', () => {
    const headings = numbered([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    headings[4] = `4. ${NINE[4]}`;
    const result = parseSpec(doc(headings));
    expect(result.diagnostics.find((d) => d.code === 'misnumbered-section')).toMatchObject({
      severity: 'error',
      line: 19,
      column: 1,
      hint: 'write `## 5. Validation rules`',
    });
  });

  it('reports an unknown section', () => {
    const headings = [...numbered([1, 2, 3, 4, 5, 6, 7, 8, 9]), 'Appendix'];
    expect(codesAt(doc(headings))).toEqual([['unknown-section', 39]]);
  });

  it('names an application without an H1 "Untitled application", with a warning', () => {
    const result = parseSpec(
      doc(numbered([1, 2, 3, 4, 5, 6, 7, 8, 9])).replace('# Specification: Test\n', ''),
    );
    expect(result.model.name).toBe('Untitled application');
    expect(result.diagnostics[0]).toMatchObject({
      code: 'missing-title',
      severity: 'warning',
      line: 1,
    });
  });

  it('treats a section with content as specified and keeps its prose', () => {
    const text = doc(numbered([1, 2, 3, 4, 5, 6, 7, 8, 9])).replace(
      '## 1. What the product does and for whom\n\nThis is not shown.',
      '## 1. What the product does and for whom\n\nHelpdesk answers customers.',
    );
    const { model } = parseSpec(text);
    expect(model.sections[0]).toMatchObject({
      status: 'specified',
      description: 'Helpdesk answers customers.',
    });
    expect(model.description).toBe('Helpdesk answers customers.');
  });
});
