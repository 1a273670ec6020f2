import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

const TABLE = '| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|';
const ENTITIES = [
  `### User\n\n${TABLE}\n| username | text | no | | unique |\n| followers | list of User | no | | |`,
  `### Article\n\n${TABLE}\n| slug | text | yes | | unique, slug from title, follows changes |\n| title | text | yes | | |\n| summary | text | no | | |\n| author | → User | yes | | |\n| editor | → User | no | | |\n| favoritedBy | list of User | no | | |\n| score | integer | no | | |`,
  `### Comment\n\n${TABLE}\n| number | integer | | | numbered {n} |\n| article | → Article | yes | | read-only |\n| body | text | yes | | |`,
].join('\n\n');
const CALLS = '| Method | Path | Operation | Payload | Response |\n|---|---|---|---|---|';
const doc = (rows: string, entities = ENTITIES) => spec({ 3: entities, 7: `${CALLS}\n${rows}` });

describe('paths that address records', () => {
  it('reads any unique field, a numbered one and a parent; add me / remove me', () => {
    const model = expectClean(
      doc(
        [
          '| GET | /api/profiles/:username | get User | | |',
          '| POST | /api/profiles/:username/follow | add me to User.followers | | |',
          '| DELETE | /api/articles/:slug/favorite | remove me from Article.favoritedBy | | |',
          '| GET | /api/articles/:slug/comments | list Comment | | |',
          '| POST | /api/articles/:slug/comments | create Comment | `{ comment: { body } }` | |',
          '| DELETE | /api/articles/:slug/comments/:number | delete Comment | | |',
        ].join('\n'),
      ),
      true,
    );
    expect(model.calls.map((c) => c.operation)).toContainEqual({
      kind: 'add-me',
      entity: 'User',
      field: 'followers',
    });
    expect(model.calls.map((c) => c.operation)).toContainEqual({
      kind: 'remove-me',
      entity: 'Article',
      field: 'favoritedBy',
    });
    const article = model.entities.find((e) => e.name === 'Article')!;
    expect(article.fields.find((f) => f.name === 'slug')!.rules).toEqual([
      { kind: 'unique' },
      { kind: 'slugFrom', from: 'title', follows: true },
    ]);
  });

  it('errors on a last parameter that names no unique field, at the parameter', () => {
    const md = doc('| GET | /api/articles/:title | get Article | | |');
    const found = expectDiagnostic(md, 'bad-path-parameter', at(md, ':title'));
    expect(found.message).toContain('unique');
  });

  it('says why a field of that name cannot address the record', () => {
    const entities = `${ENTITIES}\n\n### Plot\n\n${TABLE}\n| ref | text | no | | numbered P-{yyyy}-{n} |\n| code | text | yes | | unique with ref |\n| row | integer | no | | numbered {n} per code |`;
    const reason = (path: string) =>
      expectDiagnostic(doc(`| GET | ${path} | get Plot | | |`, entities), 'bad-path-parameter')
        .message;
    expect(reason('/api/plots/:ref')).toBe(
      '`:ref` cannot address a Plot: `ref` is numbered with date parts (`P-{yyyy}-{n}`), each date a series of its own.',
    );
    expect(reason('/api/plots/:code')).toContain('`code` is unique only with ref');
    expect(reason('/api/plots/:row')).toContain('`row` is numbered per code');
    expect(reason('/api/plots/:name')).toContain('it has no field `name`');
    const articles = expectDiagnostic(
      doc('| GET | /api/a/:summary | get Article | | |'),
      'bad-path-parameter',
    );
    expect(articles.message).toBe(
      '`:summary` cannot address an Article: `summary` is not unique on its own.',
    );
  });

  it('errors on an earlier parameter no reference leads to', () => {
    const md = doc('| GET | /api/users/:score/comments | list Comment | | |');
    expectDiagnostic(md, 'bad-path-parameter', at(md, ':score'));
  });

  it('errors on a parent several references could be, unless the path word says which', () => {
    const md = doc('| GET | /api/people/:username/articles | list Article | | |');
    const found = expectDiagnostic(md, 'bad-path-parameter', at(md, ':username'));
    expect(found.message).toContain('author, editor');
    expectClean(doc('| GET | /api/editor/:username/articles | list Article | | |'), true);
  });

  it('errors on a create whose payload names the reference the path gives', () => {
    const md = doc(
      '| POST | /api/articles/:slug/comments | create Comment | `{ comment: { body, article } }` | |',
    );
    expectDiagnostic(md, 'bad-path-parameter', at(md, ':slug'));
  });
});

describe('add me to and remove me from', () => {
  it('errors on a field that is not a list of User, at the field', () => {
    const md = doc('| POST | /api/articles/:slug/up | add me to Article.score | | |');
    const field = at(md, 'Article.score');
    expectDiagnostic(md, 'bad-member-field', {
      ...field,
      column: field.column + 'Article.'.length,
    });
  });

  it('errors on an unknown field with a suggestion', () => {
    const md = doc('| POST | /api/articles/:slug/up | add me to Article.favoritedBi | | |');
    const found = expectDiagnostic(md, 'unknown-field', at(md, 'favoritedBi'));
    expect(found.hint).toContain('favoritedBy');
  });
});

describe('slug from', () => {
  const withSlug = (rules: string, type = 'text') =>
    `### Page\n\n${TABLE}\n| slug | ${type} | no | | ${rules} |\n| heading | text | yes | | |\n| size | integer | no | | |`;

  it('errors on a source that is not a stored text field, at the source', () => {
    const md = spec({ 3: withSlug('slug from size') });
    expectDiagnostic(md, 'bad-slug-source', at(md, 'size |'));
    const self = spec({ 3: withSlug('slug from slug') });
    expectDiagnostic(self, 'bad-slug-source', at(self, 'slug |', 1));
  });

  it('errors on an unknown source, and on a slug that is not text', () => {
    const md = spec({ 3: withSlug('slug from headng') });
    expectDiagnostic(md, 'unknown-field', at(md, 'headng'));
    const number = spec({ 3: withSlug('slug from heading', 'integer') });
    expectDiagnostic(number, 'rule-type-mismatch', at(number, 'slug from'));
  });
});
