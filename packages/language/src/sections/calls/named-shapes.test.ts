import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, parse, spec } from '../../test-support.js';

const ENTITIES = [
  '### User\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
  '| username | text | yes | | unique |\n| bio | text | no | | |\n| followers | list of User | no | | |',
  '| following | boolean | no | | ``computed `user != null && user.id in record.followers` `` |',
  '\n### Tag\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
  '| name | text | yes | | unique |\n| note | text | no | | |',
  '\n### Article\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
  '| number | integer | | | numbered {n} |\n| title | text | yes | | |\n| author | → User | no | | |',
  '| tags | list of Tag | no | | |',
].join('\n');
const SHAPES = '| Shape | Definition |\n|---|---|';
const HEAD = '| Method | Path | Operation | Payload | Response |\n|---|---|---|---|---|';
const section7 = (shapes: string, calls: string): string =>
  spec({ 3: ENTITIES, 7: `${SHAPES}\n${shapes}\n\n${HEAD}\n${calls}` });

describe('named shapes and projections', () => {
  it('writes a named shape in place wherever its name is used, marked with its name', () => {
    const md = section7(
      [
        '| Profile | `User { username, bio, following }` |',
        '| ArticleView | `Article { id: number, title, tagList: tags.name, author: Profile }` |',
      ].join('\n'),
      [
        '| GET | /api/articles | list Article | | `{ articles: ArticleView[], articlesCount: count }` |',
        '| POST | /api/articles | create Article | `{ article: { title, tagList?: tags.name } }` | `{ article: ArticleView }` |',
        '| GET | /api/tags | list Tag | | `{ tags: Tag.name[] }` |',
        '| GET | /api/users/:id | get User | | `User { username }` |',
      ].join('\n'),
    );
    const model = expectClean(md);
    const profile = {
      kind: 'entity',
      entity: 'User',
      list: false,
      named: 'Profile',
      fields: [
        { name: 'username', optional: false, shape: { kind: 'field' } },
        { name: 'bio', optional: false, shape: { kind: 'field' } },
        { name: 'following', optional: false, shape: { kind: 'field' } },
      ],
    };
    expect(model.calls[0]!.response).toEqual({
      kind: 'object',
      properties: [
        {
          name: 'articles',
          optional: false,
          shape: {
            kind: 'entity',
            entity: 'Article',
            list: true,
            named: 'ArticleView',
            fields: [
              { name: 'id', optional: false, shape: { kind: 'field', field: 'number' } },
              { name: 'title', optional: false, shape: { kind: 'field' } },
              {
                name: 'tagList',
                optional: false,
                shape: { kind: 'field', field: 'tags', pick: 'name' },
              },
              { name: 'author', optional: false, shape: profile },
            ],
          },
        },
        { name: 'articlesCount', optional: false, shape: { kind: 'count' } },
      ],
    });
    expect(model.calls[1]!.payload).toMatchObject({
      properties: [
        {
          shape: {
            properties: [
              { name: 'title' },
              { name: 'tagList', optional: true, shape: { field: 'tags', pick: 'name' } },
            ],
          },
        },
      ],
    });
    expect(model.calls[2]!.response).toMatchObject({
      properties: [{ shape: { kind: 'entity', entity: 'Tag', list: true, value: 'name' } }],
    });
    expect(model.calls[3]!.response).toMatchObject({ fields: [{ name: 'username' }] });
  });

  it('refuses a shape named like an entity, twice, or holding itself', () => {
    const md = section7(
      [
        '| Tag | `Tag { name }` |',
        '| Loop | `User { username, followers: Loop }` |',
        '| Loop | `User { bio }` |',
        '| Many | `{ a: User }` |',
        '| lower | `User` |',
      ].join('\n'),
      '| GET | /api/tags | list Tag | | `Tag[]` |',
    );
    const cell = (row: string, nth = 0) => ({
      ...at(md, row, nth),
      column: at(md, row, nth).column + 2,
    });
    expectDiagnostic(md, 'shape-name-taken', cell('| Tag |'));
    expectDiagnostic(md, 'shape-name-taken', cell('| Loop |', 1));
    expectDiagnostic(md, 'shape-cycle', at(md, 'User { username, followers'));
    expectDiagnostic(md, 'bad-named-shape', at(md, '{ a: User }'));
    expectDiagnostic(md, 'bad-named-shape', cell('| lower |'));
  });

  it('checks that a projection names fields, references and unique fields that exist', () => {
    const md = section7(
      '',
      [
        '| GET | /api/a | list Article | | `Article { titel, author: Tag { name }, title: Tag }` |',
        '| GET | /api/b | list Article | | `Article { tagList: tags.nmae, id: nuber, n: count }` |',
        '| POST | /api/c | create Article | `{ tagList: tags.note }` | |',
        '| GET | /api/d | list Tag | | `Tag.nam[]` |',
        '| GET | /api/e | list Article | | `Article { x: title.name }` |',
      ].join('\n'),
    );
    expectDiagnostic(md, 'unknown-field', at(md, 'titel'));
    expectDiagnostic(md, 'bad-projection', at(md, 'Tag { name }'));
    expectDiagnostic(md, 'bad-projection', at(md, 'title: Tag'));
    expectDiagnostic(md, 'unknown-field', at(md, 'nmae'));
    expectDiagnostic(md, 'unknown-field', at(md, 'nuber'));
    expectDiagnostic(md, 'bad-projection', at(md, 'n: count'));
    expectDiagnostic(md, 'bad-projection', at(md, 'note }'));
    expectDiagnostic(md, 'unknown-field', at(md, 'nam[]'));
    expectDiagnostic(md, 'bad-projection', at(md, 'title.name'));
  });

  it('lets a payload find a record by a field that tells it from all others: a slug, a number', () => {
    const md = spec({
      3: [
        '### Job\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
        '| title | text | yes | | |\n| slug | text | no | | slug from title |',
        '| code | integer | | | numbered {n} |',
        '\n### Application\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|',
        '| job | → Job | yes | | |\n| other | → Job | no | | |',
      ].join('\n'),
      7: `${HEAD}\n| POST | /api/applications | create Application | \`{ job: job.slug, other?: other.code }\` | |`,
    });
    expectClean(md);
  });

  it('reports a mistake in a named shape once, however many calls use the shape', () => {
    const md = section7(
      '| Item | `Article { title, titel }` |',
      [
        '| GET | /api/a | list Article | | `Item[]` |',
        '| GET | /api/a/:id | get Article | | Item |',
      ].join('\n'),
    );
    const misspelt = parse(md).diagnostics.filter((d) => d.code === 'unknown-field');
    expect(misspelt).toHaveLength(1);
  });
});
