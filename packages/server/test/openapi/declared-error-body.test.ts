import { describe, expect, it } from 'vitest';
import { prepareModel } from '../../src/index.js';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import type { ResponseObject } from '../../src/openapi/openapi-types.js';
import { parsed, specText } from '../support/parsed-model.js';

const ENTITIES = `
### Article

| Field | Type | Required | Rules  |
| ----- | ---- | -------- | ------ |
| title | text | yes      | unique |
`;
const CATALOGUE = `
- Body: \`{ errors: { key: [message] } }\`

| Code            | Status | Key   | Message        |
| --------------- | ------ | ----- | -------------- |
| UNAUTHENTICATED | 401    | token | is missing     |
| REQUIRED        | 422    |       | can't be blank |
`;

const document = (bodies: Parameters<typeof specText>[1]) =>
  openApiDocument(prepareModel(parsed(specText('Blog', bodies))));

function responseOf(
  doc: ReturnType<typeof document>,
  path: string,
  method: 'get' | 'post',
  status: string,
) {
  const value = doc.paths[path]![method]!.responses[status] as ResponseObject | { $ref: string };
  return '$ref' in value ? doc.components.responses![value.$ref.split('/').pop()!]! : value;
}

describe('OpenAPI of the error body section 8 declares', () => {
  const declared = document({ 3: ENTITIES, 8: CATALOGUE });

  it('describes every error as the declared body first, problem documents on request', () => {
    const notFound = responseOf(declared, '/api/articles/{id}', 'get', '404');
    expect(Object.keys(notFound.content!)).toEqual([
      'application/json',
      'application/problem+json',
    ]);
    expect(notFound.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(declared.components.schemas!.ErrorBody).toMatchObject({
      type: 'object',
      required: ['errors'],
      properties: {
        errors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
    });
    expect(declared.info.description).toContain('application/problem+json');
  });

  it('shows each code keyed and worded as section 8 says', () => {
    const create = responseOf(declared, '/api/articles', 'post', '401');
    expect(create.content!['application/json']!.examples!.UNAUTHENTICATED).toMatchObject({
      value: { errors: { token: ['is missing'] } },
    });
    const taken = responseOf(declared, '/api/articles', 'post', '409');
    expect(Object.keys(taken.content!['application/json']!.examples!)).toContain('ALREADY_TAKEN');
  });

  it('keeps problem documents alone where no body is declared', () => {
    const plain = document({ 3: ENTITIES });
    const notFound = responseOf(plain, '/api/articles/{id}', 'get', '404');
    expect(Object.keys(notFound.content!)).toEqual(['application/problem+json']);
    expect(plain.components.schemas).not.toHaveProperty('ErrorBody');
  });
});
