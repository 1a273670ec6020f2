import type { ApiCall, LinkOperation } from '@specrun/model';
import { callAnswer, declaredNote } from './call-shapes.js';
import type { DocumentContext } from './document-context.js';
import { readRef } from './entity-schemas.js';
import { emptyResponse, INTERNAL, jsonResponse, type DraftOperation } from './operation-parts.js';
import { pathParameters } from './path-parameters.js';
import { securityFor } from './security.js';

/** `add me as Follow.follower` / `remove me as …`: a link record between the caller and a record. */
export function linkOperation(
  ctx: DocumentContext,
  call: ApiCall,
  op: LinkOperation,
): DraftOperation {
  const adds = op.kind === 'add-link';
  const { entity: name, link } = op;
  const response = callAnswer(ctx, call, () => readRef(ctx, name));
  const between = `the ${link} whose \`${op.field}\` is the signed-in caller and whose \`${op.via}\` is the ${name} the path names`;
  const what = adds
    ? `Creates ${between} (once: when it exists already, nothing changes); its other fields take their defaults`
    : `Deletes ${between} (nothing changes when there is none)`;
  return {
    id: `${adds ? 'add' : 'remove'}${link}`,
    tag: name,
    operation: {
      summary: `${adds ? 'Create' : 'Delete'} the caller's ${link} of a ${name}`,
      description: `${what}. Section 6 decides whether the caller may ${adds ? 'create' : 'delete'} a ${link}, and whether they may read the ${name}.${declaredNote(call)}`,
      security: securityFor('signed-in'),
      parameters: pathParameters(ctx, call),
    },
    success: response
      ? { '200': jsonResponse(`The ${name} as the caller now reads it.`, response) }
      : { '204': emptyResponse(`The ${link} is ${adds ? 'there' : 'gone'}.`) },
    errors: [
      { code: 'BAD_REQUEST' },
      { code: 'UNAUTHENTICATED' },
      { code: 'FORBIDDEN' },
      { code: 'NOT_FOUND' },
      ...(adds ? [{ code: 'VALIDATION_FAILED' as const }] : []),
      INTERNAL,
    ],
  };
}
