import { problem } from '../catalogue/problem.js';
import type { DocumentContext } from './document-context.js';
import type { MediaTypeObject, Reference, ResponseObject } from './openapi-types.js';
import { declaredContent } from './declared-error-schema.js';
import { problemRef } from './problem-schema.js';

/** One error an operation can answer: a catalogue code, and why it happens there. */
export interface ErrorCase {
  code: string;
  /** Only when the HTTP layer answers the code with another status: a stale If-Match is 412. */
  status?: number;
  /** Why this operation answers it; without it the engine's own words are used. */
  when?: string;
}

// docs/spec-language.md, "The engine's codes".
const ENGINE_WHEN: Record<string, string> = {
  VALIDATION_FAILED:
    'A field check failed (type, required, rules of section 3), or several problems at once; `errors` lists each (`REQUIRED`, `ALREADY_TAKEN` or `VALIDATION_FAILED` for a field).',
  ALREADY_TAKEN:
    'Every problem is a unique value another record already has; `errors` lists each field.',
  UNAUTHENTICATED: 'Nobody is signed in, and the call needs a signed-in user.',
  FORBIDDEN: 'Section 6 does not allow it, or a write came from another site.',
  NOT_FOUND: 'No such record, or one the caller may not read.',
  CONFLICT: 'The record changed in the meantime.',
  IN_USE: 'Other records still refer to the record, so it is not deleted; `detail` names them.',
  TRANSITION_NOT_ALLOWED: 'The record is not in a state the action starts from.',
  RATE_LIMITED: 'Too many sign-in attempts in a minute; `Retry-After` says when to try again.',
  PAYLOAD_TOO_LARGE: 'The body is larger than `MAX_REQUEST_BYTES`.',
  BAD_REQUEST:
    'Malformed JSON, an unknown field or one the caller may not set, or a bad query parameter.',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not `application/json`.',
  INTERNAL: 'Something unexpected; it is logged and answered with no detail.',
  'CONFLICT.412':
    'The record changed since the ETag sent in `If-Match`: nothing was saved. Read it again and retry.',
};

interface Resolved {
  code: string;
  status: number;
  message: string;
  when: string;
}

function resolve(ctx: DocumentContext, error: ErrorCase): Resolved {
  const entry = ctx.catalogue.resolve(error.code);
  const status = error.status ?? entry.status;
  const when = error.when ?? ENGINE_WHEN[`${error.code}.${status}`] ?? ENGINE_WHEN[error.code];
  return { code: error.code, status, message: entry.message, when: when ?? '' };
}

function problemContent(ctx: DocumentContext, errors: Resolved[]): MediaTypeObject {
  const codes = errors.map((e) => e.code);
  const narrowed = codes.length === 1 ? { const: codes[0] } : { enum: codes };
  const examples = Object.fromEntries(
    errors.map((e) => [
      e.code,
      { summary: e.message, value: problem(e.code, e.status, e.message) },
    ]),
  );
  return {
    schema: {
      allOf: [
        problemRef(ctx),
        { properties: { code: narrowed, status: { const: errors[0]!.status } } },
      ],
    },
    examples,
  };
}

function errorResponse(ctx: DocumentContext, errors: Resolved[]): ResponseObject {
  const lines = errors.map(
    (e) => `\`${e.code}\`: ${[e.when, `"${e.message}"`].filter(Boolean).join(' ')}`,
  );
  const body = ctx.catalogue.body;
  const response: ResponseObject = {
    description: lines.join('\n\n'),
    content: {
      // Section 8's declared body first: what a client gets unless it asks for problems.
      ...(body ? { 'application/json': declaredContent(ctx, body, errors) } : {}),
      'application/problem+json': problemContent(ctx, errors),
    },
  };
  if (errors.some((e) => e.code === 'RATE_LIMITED')) {
    response.headers = {
      'Retry-After': ctx.components.header('Retry-After', () => ({
        description: 'Seconds to wait before trying again.',
        schema: { type: 'integer', minimum: 0 },
      })),
    };
  }
  return response;
}

/**
 * The error responses of an operation, one per status, with the catalogue's codes and messages
 * (the specification's section 8 merged over the engine's codes, constants filled in). An error
 * that is the only one of its status and needs no words of its own is shared in components.
 */
export function errorResponses(
  ctx: DocumentContext,
  cases: ErrorCase[],
): Record<string, ResponseObject | Reference> {
  const byStatus = new Map<number, Map<string, Resolved>>();
  const ownWords = new Set<string>();
  for (const error of cases) {
    const resolved = resolve(ctx, error);
    const group = byStatus.get(resolved.status) ?? new Map<string, Resolved>();
    byStatus.set(resolved.status, group);
    const known = group.get(resolved.code);
    // A code given for several reasons (two guards of one action) keeps every reason.
    if (known && !known.when.includes(resolved.when)) known.when += ` ${resolved.when}`;
    if (!known) group.set(resolved.code, resolved);
    if (error.when) ownWords.add(`${resolved.status} ${resolved.code}`);
  }
  const out: Record<string, ResponseObject | Reference> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const errors = [...byStatus.get(status)!.values()];
    const only = errors[0]!;
    const catalogueStatus = ctx.catalogue.resolve(only.code).status;
    const name = status === catalogueStatus ? only.code : `${only.code}.${status}`;
    out[String(status)] =
      errors.length === 1 && !ownWords.has(`${status} ${only.code}`)
        ? ctx.components.response(name, () => errorResponse(ctx, errors))
        : errorResponse(ctx, errors);
  }
  return out;
}
