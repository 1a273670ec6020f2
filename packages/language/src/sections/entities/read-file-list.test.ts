import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, parse, spec } from '../../test-support.js';

// `list of files` (docs/spec-language.md, "Files with rules"): several files in one field, with
// a file's rules for each of them and a number of files for the list.
const HEAD = '| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|';
const TAG = `### Tag\n\n${HEAD}\n| name | text | yes | | |`;
const one = (rows: string, bodies: Record<number, string> = {}) =>
  spec({ 3: `### Claim\n\n${HEAD}\n| title | text | yes | | |\n${rows}\n\n${TAG}`, ...bodies });
const fieldOf = (md: string, name: string) =>
  parse(md)
    .model.entities.find((e) => e.name === 'Claim')
    ?.fields.find((f) => f.name === name);
const RULES = '| Entity | Rule | Error | On |\n|---|---|---|---|';
const ERRORS = '| Code | Status | Message |\n|---|---|---|\n| TOO_MANY | 422 | Too many. |';

describe('a list of files', () => {
  it('reads the type, each file`s kinds and size, and how many files it holds', () => {
    const md = one(
      '| photos | list of files | no | | accepts image or .heic, at most 2 MB, 1..5 files |',
    );
    expectClean(md);
    expect(fieldOf(md, 'photos')).toMatchObject({
      type: { kind: 'files' },
      rules: [
        { kind: 'fileKinds', kinds: ['image', '.heic'] },
        { kind: 'maxBytes', value: 2 * 1024 * 1024 },
        { kind: 'items', min: 1, max: 5 },
      ],
    });
    const plain = one('| scans | List of Files | no | | at most 3, at least 1 file |');
    expectClean(plain);
    expect(fieldOf(plain, 'scans')).toMatchObject({
      type: { kind: 'files' },
      rules: [
        { kind: 'items', max: 3 },
        { kind: 'items', min: 1 },
      ],
    });
  });

  it('keeps `list of` an entity`s name as a list of references', () => {
    const md = one('| tags | list of Tag | no | | |');
    expect(fieldOf(md, 'tags')?.type).toEqual({ kind: 'list', entity: 'Tag' });
  });

  it('errors at a kind it does not know', () => {
    const md = one('| photos | list of files | no | | accepts images |');
    expectDiagnostic(md, 'bad-rule', at(md, 'accepts images'));
  });

  it('errors at a number of files on a field that is not a list of files', () => {
    const text = one('| note | text | no | | at most 3 files |');
    expectDiagnostic(text, 'rule-type-mismatch', at(text, 'at most 3 files'));
    const tags = one('| tags | list of Tag | no | | at most 3 files |');
    expectDiagnostic(tags, 'rule-type-mismatch', at(tags, 'at most 3 files'));
  });

  it('errors at rules a list of files cannot keep', () => {
    const md = one('| photos | list of files | no | | unique, 3..80 chars |');
    expectDiagnostic(md, 'rule-type-mismatch', at(md, 'unique'));
    expectDiagnostic(md, 'rule-type-mismatch', at(md, '3..80 chars'));
    const computed = one('| photos | list of files | no | | computed `[]` |');
    expectDiagnostic(computed, 'rule-type-mismatch', at(computed, 'computed'));
  });

  it('counts its files in a rule, which runs in JavaScript', () => {
    const md = one('| photos | list of files | no | | |', {
      5: `${RULES}\n| Claim | \`size(record.photos) <= 3\` | TOO_MANY | create, update |`,
      8: ERRORS,
    });
    expectClean(md, true);
  });

  it('errors at a list of files read where only the database decides', () => {
    const md = one('| photos | list of files | no | | |', {
      6: '| Role | Description |\n|---|---|\n| boss | Runs it |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| boss | Claim | read | `size(record.photos) > 0` | all |',
    });
    expectDiagnostic(md, 'cannot-run-in-database', at(md, '.photos) > 0'));
  });
});
