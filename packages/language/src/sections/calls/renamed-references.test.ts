import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

// `writer: author Profile`: a reference renamed on the wire and rendered as an object.
const ENTITIES = [
  '### User\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
  '| username | text | yes | | unique |\n| bio | text | no | | |',
  '\n### Tag\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
  '| name | text | yes | | unique |',
  '\n### Article\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
  '| title | text | yes | | |\n| author | → User | no | | |\n| tags | list of Tag | no | | |',
].join('\n');
const SHAPES = '| Shape | Definition |\n|---|---|\n| Profile | `User { username, bio }` |';
const HEAD = '| Method | Path | Operation | Payload | Response |\n|---|---|---|---|---|';
const section7 = (calls: string): string =>
  spec({ 3: ENTITIES, 7: `${SHAPES}\n\n${HEAD}\n${calls}` });

describe('renamed references rendered as objects', () => {
  it('reads `wire: field Shape` as the field rendered as the shape, named or written in place', () => {
    const md = section7(
      [
        '| GET | /api/a | list Article | | `Article { title, writer: author Profile }` |',
        '| GET | /api/b/:id | get Article | | `Article { by: author User { username }, labels: tags Tag { name } }` |',
      ].join('\n'),
    );
    const calls = expectClean(md).calls;
    const fields = (n: number) => (calls[n]!.response as { fields: unknown[] }).fields;
    expect(fields(0)[1]).toEqual({
      name: 'writer',
      optional: false,
      shape: {
        kind: 'entity',
        entity: 'User',
        list: false,
        named: 'Profile',
        field: 'author',
        fields: [
          { name: 'username', optional: false, shape: { kind: 'field' } },
          { name: 'bio', optional: false, shape: { kind: 'field' } },
        ],
      },
    });
    expect(fields(1)).toMatchObject([
      { name: 'by', shape: { kind: 'entity', entity: 'User', field: 'author' } },
      { name: 'labels', shape: { kind: 'entity', entity: 'Tag', field: 'tags' } },
    ]);
  });

  it('points at the field when it is unknown, not a reference, or refers to another entity', () => {
    const md = section7(
      [
        '| GET | /api/a | list Article | | `Article { writer: auther Profile }` |',
        '| GET | /api/b | list Article | | `Article { heading: title Profile }` |',
        '| GET | /api/c | list Article | | `Article { labels: tags Profile }` |',
        '| GET | /api/d/:id | get Article | | `{ writer: author Profile }` |',
      ].join('\n'),
    );
    expectDiagnostic(md, 'unknown-field', at(md, 'auther'));
    expectDiagnostic(md, 'bad-projection', at(md, 'title Profile'));
    expectDiagnostic(md, 'bad-projection', at(md, 'tags Profile'));
    expectDiagnostic(md, 'bad-projection', at(md, 'author Profile }` |'));
  });
});
