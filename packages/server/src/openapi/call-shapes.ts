import type { ApiCall } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import type { JsonSchema } from './openapi-types.js';
import { shapeSchema } from './shape-schemas.js';

/**
 * What a call answers: its declared Response shape (none: 204), or for a default call what the
 * default REST API answers. The default is built only when used, so that the document holds no
 * component nothing refers to.
 */
export function callAnswer(
  ctx: DocumentContext,
  call: ApiCall,
  byDefault: () => JsonSchema | undefined,
): JsonSchema | undefined {
  if (call.line === undefined) return byDefault();
  return call.response ? shapeSchema(ctx, call, call.response, 'response') : undefined;
}

/** What a call takes: its declared Payload shape, else the default's. */
export function callPayload(
  ctx: DocumentContext,
  call: ApiCall,
  byDefault: () => JsonSchema,
): JsonSchema {
  return call.payload ? shapeSchema(ctx, call, call.payload, 'payload') : byDefault();
}

/** A call of section 7 says where it comes from, so a reader can find the row. */
export function declaredNote(call: ApiCall): string {
  return call.line === undefined ? '' : ` Declared in section 7 (line ${call.line}).`;
}
