import { describe, expect, it } from 'vitest';
import { prepareModel } from '../../src/index.js';
import { openApiDocument } from '../../src/openapi/openapi-document.js';
import type { OpenApiDocument, OperationObject } from '../../src/openapi/openapi-types.js';
import { TOKENS_MODEL } from '../accounts/support/token-app.js';
import { EXAMPLE_DOCUMENTS } from './support/example-documents.js';

const document = openApiDocument(prepareModel(TOKENS_MODEL));

function operation(doc: OpenApiDocument, path: string, method: string): OperationObject {
  return (doc.paths[path] as Record<string, OperationObject>)[method]!;
}

const schemaOf = (op: OperationObject, status: string) =>
  (op.responses[status] as { content: Record<string, { schema: unknown }> }).content[
    'application/json'
  ]!.schema;

describe('the OpenAPI document of section 7 with - Tokens:', () => {
  it('declares the token header as a security scheme beside the cookie', () => {
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie' },
      sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
    });
  });

  it('offers the token wherever the cookie is taken', () => {
    expect(operation(document, '/api/user', 'get').security).toEqual([
      { sessionCookie: [] },
      { sessionToken: [] },
    ]);
    expect(operation(document, '/api/notes/{id}', 'get').security).toEqual([
      { sessionCookie: [] },
      { sessionToken: [] },
      {},
    ]);
    expect(operation(document, '/api/users', 'post').security).toEqual([]);
  });

  it('describes update me and the token field of the answers', () => {
    const update = operation(document, '/api/user', 'put');
    expect(update.operationId).toBe('updateMe');
    expect(Object.keys(update.responses)).toEqual(expect.arrayContaining(['200', '401', '422']));
    const answer = schemaOf(update, '200') as {
      properties: { user: { properties: Record<string, unknown> } };
    };
    expect(answer.properties.user.properties.token).toMatchObject({ type: ['string', 'null'] });
  });

  it('documents SIGN_IN_FAILED for sign-in', () => {
    const signIn = operation(document, '/api/users/login', 'post');
    expect(JSON.stringify(signIn.responses['401'])).toContain('SIGN_IN_FAILED');
  });

  it('leaves documents without tokens as they were', () => {
    // conduit and hiring declare tokens: they are the documents with a sessionToken.
    for (const { model, document: doc } of EXAMPLE_DOCUMENTS)
      expect(Object.keys(doc.components.securitySchemes ?? {})).toEqual(
        model.access?.tokens ? ['sessionCookie', 'sessionToken'] : ['sessionCookie'],
      );
  });
});
