import type { ApiCall } from '@specrun/model';
import { callAnswer, declaredNote } from './call-shapes.js';
import type { DocumentContext } from './document-context.js';
import { readRef } from './entity-schemas.js';
import { emptyResponse, INTERNAL, jsonResponse, type DraftOperation } from './operation-parts.js';
import { pathParameters } from './path-parameters.js';
import { securityFor } from './security.js';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `add me to E.field` / `remove me from E.field`: the caller joins or leaves a list of users. */
export function memberOperation(
  ctx: DocumentContext,
  call: ApiCall,
  kind: 'add-me' | 'remove-me',
  name: string,
  field: string,
): DraftOperation {
  const adds = kind === 'add-me';
  const response = callAnswer(ctx, call, () => readRef(ctx, name));
  const what = adds
    ? `Adds the signed-in caller to the ${name}'s \`${field}\` (once: adding again changes nothing)`
    : `Takes the signed-in caller out of the ${name}'s \`${field}\` (nothing changes when they are not in it)`;
  return {
    id: `${adds ? 'addMeTo' : 'removeMeFrom'}${name}${capital(field)}`,
    tag: name,
    operation: {
      summary: `${adds ? 'Join' : 'Leave'} a ${name}'s ${field}`,
      description: `${what}, for any caller who may read the ${name}. It is the caller's own mark, not an edit of the record: section 6 is asked only whether they may read it, and the record's version, updatedAt and history do not change.${declaredNote(call)}`,
      security: securityFor('signed-in'),
      parameters: pathParameters(ctx, call),
    },
    success: response
      ? { '200': jsonResponse(`The ${name} as the caller now reads it.`, response) }
      : { '204': emptyResponse(`The caller's mark is ${adds ? 'set' : 'gone'}.`) },
    errors: [{ code: 'BAD_REQUEST' }, { code: 'UNAUTHENTICATED' }, { code: 'NOT_FOUND' }, INTERNAL],
  };
}
