import type { DocumentContext } from './document-context.js';
import { INTERNAL, jsonResponse, type DraftOperation } from './operation-parts.js';
import { recordRef } from './entity-schemas.js';
import { securityFor } from './security.js';

export const ENGINE_TAG = 'The engine';

/** A call the engine always serves, whatever the specification declares. */
export interface ServiceOperation {
  method: 'get';
  path: string;
  draft: DraftOperation;
}

/** GET /api/_health, GET /api/_model and GET /api/_session (section 7, "Always served"). */
export function serviceOperations(ctx: DocumentContext): ServiceOperation[] {
  const health = ctx.components.schema(ctx.engineSchema('Health'), () => ({
    type: 'object',
    description: 'The server is up.',
    required: ['status'],
    properties: { status: { type: 'string', const: 'ok' } },
  }));
  const model = ctx.components.schema(ctx.engineSchema('Model'), () => ({
    type: 'object',
    description:
      'The application model the web app runs from: entities, lifecycles, rules, roles, permissions, calls, catalogue and constants. Its full JSON Schema is docs/model.schema.json in the specrun repository.',
    required: ['modelVersion', 'name', 'entities'],
    properties: {
      modelVersion: { type: 'integer', const: 1 },
      name: { type: 'string' },
      entities: { type: 'array', items: { type: 'object' } },
    },
  }));
  const draft = (id: string, summary: string, description: string, schema: typeof health) => ({
    id,
    tag: ENGINE_TAG,
    operation: { summary, description, security: securityFor('public') },
    success: { '200': jsonResponse(summary, schema) },
    errors: [INTERNAL],
  });
  const session: DraftOperation = {
    id: 'getSession',
    tag: ENGINE_TAG,
    operation: {
      summary: 'Who is signed in',
      description:
        "The signed-in user as the web app needs them, whatever section 7 declares: their id, email, name and roles, and the fields of their own record they may read. A declared `me` answers the client's own shape instead.",
      security: securityFor('signed-in'),
    },
    success: { '200': jsonResponse('The signed-in user.', recordRef(ctx, 'User')) },
    errors: [{ code: 'UNAUTHENTICATED' }, INTERNAL],
  };
  return [
    {
      method: 'get',
      path: '/api/_health',
      draft: draft('getHealth', 'Health', 'Answers while the server is up.', health),
    },
    {
      method: 'get',
      path: '/api/_model',
      draft: draft(
        'getModel',
        'The application model',
        'The model of the specification, as JSON.',
        model,
      ),
    },
    { method: 'get', path: '/api/_session', draft: session },
  ];
}
