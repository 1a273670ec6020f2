import { ENGINE_ERRORS } from '@specrun/model';
import { PROBLEM_BOUNDS } from '../catalogue/problem.js';
import type { DocumentContext } from './document-context.js';
import type { Reference } from './openapi-types.js';

/** Every code the API may answer: the engine's, then the specification's own, in its order. */
export function catalogueCodes(ctx: DocumentContext): string[] {
  return [...new Set([...Object.keys(ENGINE_ERRORS), ...ctx.model.catalogue.map((e) => e.code)])];
}

/** One problem of a request, for a form to show next to its field. */
function problemItemRef(ctx: DocumentContext): Reference {
  return ctx.components.schema(ctx.engineSchema('ProblemItem'), () => ({
    type: 'object',
    description: 'One problem of the request; without `field` it is about the whole record.',
    required: ['code', 'message'],
    properties: {
      field: { type: 'string', description: 'The field the problem is about.' },
      code: { type: 'string', enum: catalogueCodes(ctx), description: 'A code of the catalogue.' },
      message: {
        type: 'string',
        description:
          "What to fix, for people: a field check's label and reason (`Weight kg must be at least 0.`), or the catalogue's message for a rule's code.",
      },
    },
  }));
}

/** The RFC 9457 problem document every error is answered with (errors/problem.ts). */
export function problemRef(ctx: DocumentContext): Reference {
  return ctx.components.schema(ctx.engineSchema('Problem'), () => ({
    type: 'object',
    description:
      'An error, as an RFC 9457 problem document (`application/problem+json`). `code` is a code of the error catalogue (section 8) and `detail` says what to fix.',
    required: ['type', 'title', 'status', 'code', 'detail'],
    properties: {
      type: {
        type: 'string',
        format: 'uri',
        description: '`urn:specrun:error:` followed by the code.',
      },
      title: { type: 'string', description: "The HTTP status's reason phrase." },
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status.' },
      code: { type: 'string', enum: catalogueCodes(ctx), description: 'A code of the catalogue.' },
      detail: { type: 'string', description: 'What went wrong and what to fix.' },
      errors: {
        type: 'array',
        items: problemItemRef(ctx),
        description: `Every problem, when several are reported at once (\`VALIDATION_FAILED\`): at most ${PROBLEM_BOUNDS.errors}, the rest counted in \`moreErrors\`.`,
      },
      moreErrors: {
        type: 'integer',
        minimum: 1,
        description: 'How many problems there were beyond those listed in `errors`.',
      },
    },
  }));
}
