import { describe, expect, it } from 'vitest';
import { parseSpec } from './parse-spec.js';
import { at, expectDiagnostic, parse, spec } from './test-support.js';

describe('parseSpec structure', () => {
  it('names the application from the H1', () => {
    expect(parseSpec('# Specification: Helpdesk\n').model.name).toBe('Helpdesk');
    expect(parseSpec('# Helpdesk\n').model).toMatchObject({ name: 'Helpdesk', title: 'Helpdesk' });
  });

  it('warns on a missing title and on extra titles', () => {
    const untitled = spec({}, '');
    expectDiagnostic(untitled, 'missing-title', { line: 1, column: 1 });
    const md = `${spec({})}\n# Another\n`;
    expectDiagnostic(md, 'extra-title', at(md, '# Another'));
    expect(parse(spec({}, '')).model.name).toBe('Untitled application');
  });

  it('reports unknown, unnumbered, misnumbered and renamed sections', () => {
    const md = spec({})
      .replace('## 2. Screens and routes', '## Screens and routes')
      .replace('## 5. Validation rules', '## 6. Validation rules')
      .replace('## 8. The error catalogue', '## 8. The error catalog')
      .concat('\n## 10. Appendix\n');
    expectDiagnostic(md, 'unnumbered-section', at(md, '## Screens'));
    expectDiagnostic(md, 'misnumbered-section', at(md, '## 6. Validation'));
    expectDiagnostic(md, 'section-title-differs', at(md, '## 8. The error catalog'));
    expectDiagnostic(md, 'unknown-section', at(md, '## 10. Appendix'));
  });

  it('reports duplicate, out-of-order, missing, empty and unspecified sections', () => {
    const base = spec({});
    const dup = `${base}\n## 3. Entities and their fields\n\nNot specified.\n`;
    expectDiagnostic(dup, 'duplicate-section', at(dup, '## 3. Entities', 1));
    const moved = base
      .replace('## 9. Business constants and limits', '## 1b')
      .replace('## 1. What', '## 9. Business constants and limits\n\nNot specified.\n\n## 1. What');
    expectDiagnostic(moved, 'section-out-of-order', at(moved, '## 1. What'));
    const missing = base.replace('## 4. States and transitions', '## Notes');
    expectDiagnostic(missing, 'missing-section', at(missing, '## 5. Validation'));
    const empty = base.replace(
      '## 5. Validation rules\n\nThis is not specified.',
      '## 5. Validation rules\n',
    );
    expectDiagnostic(empty, 'empty-section', at(empty, '## 5. Validation'));
    expectDiagnostic(base, 'unspecified-section', at(base, '## 7. The calls'));
  });

  it('warns on a specified section that has no table', () => {
    const md = spec({ 5: 'Rules are checked by people.' });
    expectDiagnostic(md, 'missing-table', at(md, '## 5. Validation'));
  });

  it('keeps the sections in the model', () => {
    const { model } = parse(spec({ 1: 'What it does.' }));
    expect(model.sections.map((s) => s.status)).toEqual([
      'specified',
      ...Array(8).fill('unspecified'),
    ]);
    expect(JSON.parse(JSON.stringify(model))).toStrictEqual(model);
  });
});
