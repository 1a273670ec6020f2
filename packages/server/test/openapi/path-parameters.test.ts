import { describe, expect, it } from 'vitest';
import { prepareModel } from '../../src/index.js';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import type { OperationObject, ParameterObject } from '../../src/openapi/openapi-types.js';
import { parsed } from '../support/parsed-model.js';
import { ADDRESSED } from '../http/support/addressed-spec.js';

const document = openApiDocument(prepareModel(parsed(ADDRESSED)));
const operation = (path: string, method: string) =>
  (document.paths[path] as Record<string, OperationObject>)[method]!;
const parameters = (path: string, method: string) =>
  (operation(path, method).parameters ?? []) as ParameterObject[];

describe('path parameters in the OpenAPI document', () => {
  it('types each parameter by the field it addresses by, and says what it names', () => {
    const [slug, number] = parameters('/api/articles/{slug}/comments/{number}', 'delete');
    expect(slug).toMatchObject({ name: 'slug', in: 'path', required: true });
    expect(slug!.schema).toEqual({ type: 'string' });
    expect(slug!.description).toContain('Article the Comment belongs to');
    expect(number).toMatchObject({ name: 'number', schema: { type: 'integer' } });
    expect(number!.description).toContain('`number` of the Comment');
    const [username] = parameters('/api/profiles/{username}', 'get');
    expect(username!.description).toContain('`username` of the User');
  });

  it('describes add me and remove me: signed-in, answering the record, never an edit', () => {
    const add = operation('/api/articles/{slug}/favorite', 'post');
    expect(add.operationId).toBe('addMeToArticleFavoritedBy');
    expect(add.description).toContain('version');
    expect(add.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(add.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
    const remove = operation('/api/profiles/{username}/follow', 'delete');
    expect(remove.operationId).toBe('removeMeFromUserFollowers');
  });

  it('documents a slug as read-only, derived from its source', () => {
    const article = document.components.schemas!.Article as {
      properties: Record<string, { readOnly?: boolean; description?: string }>;
    };
    expect(article.properties.slug).toMatchObject({ readOnly: true });
    expect(article.properties.slug!.description).toContain('kebab-case');
  });
});
