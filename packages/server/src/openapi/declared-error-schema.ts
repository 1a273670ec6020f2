import type { ErrorBody } from '@specrun/model';
import { declaredBody } from '../catalogue/declared-body.js';
import { codeKey } from '../catalogue/error-keys.js';
import { PROBLEM_BOUNDS } from '../catalogue/problem.js';
import type { DocumentContext } from './document-context.js';
import type { JsonSchema, MediaTypeObject, Reference } from './openapi-types.js';

/** An error as the examples show it: its code and the catalogue's message. */
interface Shown {
  code: string;
  message: string;
}

/** The schema of section 8's declared body: the messages by key, under the body's keys. */
function bodySchema(body: ErrorBody): JsonSchema {
  let schema: JsonSchema = {
    type: 'object',
    description: `What the answer is about, each with its messages: a field by its name in the payload, else the catalogue's \`Key\` for the code, else for a missing or refused record the path's word for it (\`article\`), else the code in lower case. At most ${PROBLEM_BOUNDS.errors} messages.`,
    additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
    minProperties: 1,
  };
  for (const name of [...body.at].reverse())
    schema = { type: 'object', required: [name], properties: { [name]: schema } };
  return schema;
}

/** The declared error body, shared in components. */
function declaredRef(ctx: DocumentContext, body: ErrorBody): Reference {
  return ctx.components.schema(ctx.engineSchema('ErrorBody'), () => ({
    ...bodySchema(body),
    description:
      'An error, in the body section 8 declares (`application/json`). A request whose `Accept` names `application/problem+json` is answered a problem document instead.',
  }));
}

/**
 * The `application/json` content of an error response where section 8 declares the body, with
 * an example per code (keyed as an answer with no field and no path would be).
 */
export function declaredContent(
  ctx: DocumentContext,
  body: ErrorBody,
  errors: readonly Shown[],
): MediaTypeObject {
  const examples = Object.fromEntries(
    errors.map((e) => [
      e.code,
      {
        summary: e.message,
        value: declaredBody(body, [{ key: codeKey(ctx.catalogue, e.code), message: e.message }]),
      },
    ]),
  );
  return { schema: declaredRef(ctx, body), examples };
}
