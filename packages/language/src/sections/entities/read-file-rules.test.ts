import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, parse, spec } from '../../test-support.js';

// The rules of a file field (docs/spec-language.md, "Files"): its kinds and its largest size.
const HEAD = '| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|';
const one = (rows: string) =>
  spec({ 3: `### Claim\n\n${HEAD}\n| title | text | yes | | |\n${rows}` });
const rulesOf = (md: string, name: string) =>
  parse(md)
    .model.entities.find((e) => e.name === 'Claim')
    ?.fields.find((f) => f.name === name)?.rules;

describe('file rules', () => {
  it('reads the kinds a file accepts and its largest size', () => {
    const md = one('| receipt | file | no | | accepts image or PDF or .HEIC, at most 5 MB |');
    expectClean(md);
    expect(rulesOf(md, 'receipt')).toEqual([
      { kind: 'fileKinds', kinds: ['image', 'pdf', '.heic'] },
      { kind: 'maxBytes', value: 5 * 1024 * 1024 },
    ]);
    expect(rulesOf(one('| scan | file | no | | at most 1.5 KB |'), 'scan')).toEqual([
      { kind: 'maxBytes', value: 1536 },
    ]);
  });

  it('errors at a kind it does not know', () => {
    const md = one('| receipt | file | no | | accepts images or pdf |');
    expectDiagnostic(md, 'bad-rule', at(md, 'accepts images'));
  });

  it('errors at file rules on a field that is not a file', () => {
    const md = one('| note | text | no | | accepts pdf |');
    expectDiagnostic(md, 'rule-type-mismatch', at(md, 'accepts pdf'));
    const size = one('| note | text | no | | at most 2 MB |');
    expectDiagnostic(size, 'rule-type-mismatch', at(size, 'at most 2 MB'));
  });
});
