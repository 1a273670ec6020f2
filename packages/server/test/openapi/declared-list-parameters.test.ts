import { describe, expect, it } from 'vitest';
import { prepareModel } from '../../src/index.js';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import type { OperationObject, ParameterObject } from '../../src/openapi/openapi-types.js';
import { ARTICLES_SPEC } from '../support/articles-spec.js';
import { parsed } from '../support/parsed-model.js';

const document = openApiDocument(prepareModel(parsed(ARTICLES_SPEC)));
const get = (path: string) => document.paths[path]!.get as OperationObject;
const names = (operation: OperationObject) =>
  (operation.parameters as ParameterObject[]).map((p) => p.name);

describe('the OpenAPI document of declared list parameters', () => {
  it('lists exactly the parameters a call declares, typed', () => {
    const list = get('/api/articles');
    expect(names(list)).toEqual(['tag', 'author', 'favorited', 'limit', 'offset']);
    const [tag, , , limit, offset] = list.parameters as ParameterObject[];
    expect(tag!.description).toContain('record.tags.exists(t, t.name == value)');
    expect(limit!.schema).toEqual({ type: 'integer', minimum: 1, maximum: 4, default: 3 });
    expect(offset!.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(list.responses['200']).toMatchObject({ headers: { Link: expect.anything() } });
  });

  it('keeps the engine’s parameters for a list that declares none', () => {
    const parameters = get('/api/everything').parameters!;
    // filter, limit and cursor are shared components ($ref): sort and the fields are written out.
    expect(parameters.filter((p) => '$ref' in p)).toHaveLength(3);
    expect(names(get('/api/everything'))).toEqual(expect.arrayContaining(['sort', 'title']));
  });

  it('describes a where condition, and asks a signed-in caller when it reads user', () => {
    const feed = get('/api/articles/feed');
    expect(feed.description).toContain('user.id in record.author.followers');
    expect(feed.security).not.toContainEqual({});
    expect(get('/api/articles').security).toContainEqual({});
  });
});
