import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const ENTITIES = [
  '### User',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| username | text | yes | | unique |',
  '| followers | list of User | no | | |',
  '',
  '### Tag',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| name | text | yes | | unique |',
  '',
  '### Article',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| title | text | yes | | |',
  '| tags | list of Tag | no | | |',
  '| author | → User | yes | `user.id` | read-only |',
  '| favoritedBy | list of User | no | | |',
].join('\n');
const HEAD = '| Method | Path | Operation | Payload | Response |\n|---|---|---|---|---|';
const CALLS = [
  HEAD,
  '| GET | /api/articles | list Article | | `{ articles: Article[], count }` |',
  '| GET | /api/articles/feed | list Article where `user.id in record.author.followers` | | Article[] |',
  '| GET | /api/articles/:id | get Article | | Article |',
].join('\n');
const PARAMS = (call: string, rows: string) =>
  `Parameters of \`${call}\`:\n\n| Parameter | Condition |\n|---|---|\n${rows}`;
const ARTICLE_PARAMS = [
  '| tag | `record.tags.exists(t, t.name == value)` |',
  '| author | `record.author.username == value` |',
  '| favorited | `record.favoritedBy.exists(u, u.username == value)` |',
  '| limit | page size |',
  '| offset | rows to skip |',
].join('\n');
const doc = (parameters: string, calls = CALLS) =>
  spec({ 3: ENTITIES, 7: `${calls}\n\n${parameters}` });

describe('list calls: where and declared parameters', () => {
  it('reads a list’s where condition and its parameters', () => {
    const md = doc(PARAMS('GET /api/articles', ARTICLE_PARAMS));
    const model = expectClean(md);
    const [list, feed] = model.calls;
    expect(feed).toMatchObject({
      operation: { kind: 'list', entity: 'Article' },
      where: { source: 'user.id in record.author.followers', ...at(md, 'user.id in record') },
    });
    expect(list!.where).toBeUndefined();
    expect(list!.parameters).toEqual([
      {
        name: 'tag',
        kind: 'condition',
        condition: {
          source: 'record.tags.exists(t, t.name == value)',
          ...at(md, 'record.tags.exists'),
        },
        line: at(md, '| tag |').line,
      },
      expect.objectContaining({ name: 'author', kind: 'condition' }),
      expect.objectContaining({ name: 'favorited', kind: 'condition' }),
      { name: 'limit', kind: 'page-size', line: at(md, '| limit |').line },
      { name: 'offset', kind: 'rows-to-skip', line: at(md, '| offset |').line },
    ]);
    expect(model.calls).toHaveLength(3);
  });

  it('reads the engine’s own paging words under other names', () => {
    const rows = '| after | cursor |\n| order | sort |\n| q | filter |';
    const model = expectClean(doc(PARAMS('GET /api/articles/feed', rows)));
    expect(model.calls[1]!.parameters!.map((p) => [p.name, p.kind])).toEqual([
      ['after', 'cursor'],
      ['order', 'sort'],
      ['q', 'filter'],
    ]);
  });

  it('refuses a where after an operation that is not a list', () => {
    const calls = `${HEAD}\n| GET | /api/articles/:id | get Article where \`true\` | | Article |`;
    const md = spec({ 3: ENTITIES, 7: calls });
    expectDiagnostic(md, 'where-not-on-list', at(md, 'get Article where'));
  });

  it('refuses a where without its condition in backticks', () => {
    const calls = `${HEAD}\n| GET | /api/articles | list Article where true | | Article[] |`;
    const md = spec({ 3: ENTITIES, 7: calls });
    expectDiagnostic(md, 'expected-expression', at(md, 'list Article where'));
  });

  it('reports a bad where condition inside its cell', () => {
    const calls = `${HEAD}\n| GET | /api/articles | list Article where \`record.nothing == 1\` | | Article[] |`;
    const md = spec({ 3: ENTITIES, 7: calls });
    expectDiagnostic(md, 'unknown-field', at(md, 'nothing'));
  });

  it('reports a bad parameter condition at its token', () => {
    const md = doc(
      PARAMS('GET /api/articles', '| tag | `record.tags.exists(t, t.nam == value)` |'),
    );
    expectDiagnostic(md, 'unknown-field', at(md, 'nam == value'));
  });

  it('refuses a parameter condition that is not a condition', () => {
    const md = doc(PARAMS('GET /api/articles', '| tag | `value` |'));
    expectDiagnostic(md, 'not-boolean', at(md, 'value` |'));
  });

  it('refuses a condition the database cannot run', () => {
    const md = doc(PARAMS('GET /api/articles', '| n | `record.title.matches(value)` |'));
    expectDiagnostic(md, 'condition-not-in-sql', { line: at(md, '| n |').line });
  });

  it('refuses parameters for an unknown call', () => {
    const md = doc(PARAMS('GET /api/article', '| limit | page size |'));
    const d = expectDiagnostic(md, 'unknown-call', at(md, 'GET /api/article`'));
    expect(d.hint).toContain('GET /api/articles');
  });

  it('refuses parameters for a call that is not a list', () => {
    const md = doc(PARAMS('GET /api/articles/:id', '| limit | page size |'));
    expectDiagnostic(md, 'parameters-not-list', at(md, 'GET /api/articles/:id`'));
  });

  it('refuses an unknown paging word, suggesting the nearest', () => {
    const md = doc(PARAMS('GET /api/articles', '| limit | page sise |'));
    const d = expectDiagnostic(md, 'unknown-paging-word', at(md, 'page sise'));
    expect(d.hint).toContain('page size');
  });

  it('refuses a parameter or a paging word declared twice', () => {
    const twice = doc(PARAMS('GET /api/articles', '| tag | page size |\n| tag | rows to skip |'));
    const second = at(twice, '| tag |', 1);
    expectDiagnostic(twice, 'duplicate-parameter', { ...second, column: second.column + 2 });
    const sizes = doc(PARAMS('GET /api/articles', '| limit | page size |\n| size | page size |'));
    const size = at(sizes, '| size |');
    expectDiagnostic(sizes, 'duplicate-parameter', { ...size, column: size.column + 2 });
  });

  it('refuses a name a query string cannot carry', () => {
    const md = doc(PARAMS('GET /api/articles', '| a b | page size |'));
    expectDiagnostic(md, 'bad-parameter-name', at(md, 'a b |'));
  });

  it('refuses a Parameters line that names no call or has no table', () => {
    const bad = doc(
      'Parameters of GET /api/articles:\n\n| Parameter | Condition |\n|---|---|\n| limit | page size |',
    );
    expectDiagnostic(bad, 'bad-parameters-line', at(bad, 'Parameters of'));
    const alone = doc('Parameters of `GET /api/articles`:\n\nNothing here.');
    expectDiagnostic(alone, 'bad-parameters-line', at(alone, 'Parameters of'));
  });
});
