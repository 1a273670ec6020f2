import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, expectNoDiagnostic, spec } from '../../test-support.js';

const HEAD = '| Code | Status | Message |\n|---|---|---|';
const ENTITY = '### Ticket\n\n| Field | Type |\n|---|---|\n| title | text |';
const RULE =
  '| Entity | Rule | Error |\n|---|---|---|\n| Ticket | `size(record.title) > 2` | TITLE_TOO_SHORT |';
const catalogue = (
  rows: string,
  constants = '| Name | Value | Meaning |\n|---|---|---|\n| MIN_TITLE | 3 | x |',
): string => spec({ 3: ENTITY, 5: RULE, 8: `${HEAD}\n${rows}`, 9: constants });

describe('readCatalogue', () => {
  it('merges the spec codes over the engine codes', () => {
    const md = catalogue(
      '| TITLE_TOO_SHORT | 422 | A title needs {MIN_TITLE} characters; {field} is short. |\n| NOT_FOUND | | Nothing here. |',
    );
    const model = expectClean(md);
    expect(model.catalogue.find((c) => c.code === 'TITLE_TOO_SHORT')).toEqual({
      code: 'TITLE_TOO_SHORT',
      status: 422,
      message: 'A title needs {MIN_TITLE} characters; {field} is short.',
      engine: false,
      line: at(md, 'TITLE_TOO_SHORT | 422').line,
    });
    expect(model.catalogue.find((c) => c.code === 'NOT_FOUND')).toMatchObject({
      status: 404,
      message: 'Nothing here.',
      engine: true,
    });
    expect(model.catalogue.find((c) => c.code === 'INTERNAL')).toMatchObject({
      status: 500,
      engine: true,
    });
  });

  it('errors on a message naming an unknown constant, with a hint', () => {
    const md = catalogue('| TITLE_TOO_SHORT | 422 | Needs {MIN_TITEL} characters. |');
    expect(expectDiagnostic(md, 'unknown-constant', at(md, 'MIN_TITEL')).hint).toContain(
      'MIN_TITLE',
    );
  });

  it('errors on a bad status, a duplicate code and a code with no message', () => {
    const md = catalogue(
      '| BAD_ONE | 200 | Short. |\n| TITLE_TOO_SHORT | 409 | Short. |\n| TITLE_TOO_SHORT | 422 | Short. |\n| OTHER_CODE | 422 | |',
    );
    expectDiagnostic(md, 'bad-status', at(md, '200'));
    expectDiagnostic(md, 'duplicate-error-code', at(md, 'TITLE_TOO_SHORT | 422'));
    expectDiagnostic(md, 'empty-cell', { line: at(md, '| OTHER_CODE').line });
  });

  it('warns on a code not in UPPER_SNAKE and notes unused codes', () => {
    const md = catalogue('| TITLE_TOO_SHORT | 422 | Short. |\n| titleTooLong | 422 | Long. |');
    expect(expectDiagnostic(md, 'error-code-style', at(md, 'titleTooLong')).hint).toContain(
      'TITLE_TOO_LONG',
    );
    expectDiagnostic(md, 'unused-error-code', at(md, 'titleTooLong'));
    expectNoDiagnostic(
      catalogue('| TITLE_TOO_SHORT | 422 | Short. |\n| FORBIDDEN | 403 | No. |'),
      'unused-error-code',
    );
  });
});
