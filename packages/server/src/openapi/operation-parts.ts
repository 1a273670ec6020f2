import type { DocumentContext } from './document-context.js';
import type { ErrorCase } from './error-responses.js';
import type {
  HeaderObject,
  JsonSchema,
  OperationObject,
  Reference,
  RequestBodyObject,
  ResponseObject,
} from './openapi-types.js';

/** An operation before the document gives it a unique operationId. */
export interface DraftOperation {
  /** The operationId wanted; the document appends a number if another operation has it. */
  id: string;
  tag: string;
  operation: Omit<OperationObject, 'operationId' | 'tags' | 'responses'>;
  success: Record<string, ResponseObject | Reference>;
  errors: ErrorCase[];
}

/** Errors any body can cause before the operation reads it (section 7, "Always served"). */
export const BODY_ERRORS: ErrorCase[] = [
  { code: 'BAD_REQUEST' },
  { code: 'PAYLOAD_TOO_LARGE' },
  { code: 'UNSUPPORTED_MEDIA_TYPE' },
];

export const INTERNAL: ErrorCase = { code: 'INTERNAL' };

/** The cursor of a list's next page, in a page or beside a declared envelope's records. */
export const NEXT_CURSOR: JsonSchema = {
  type: 'string',
  description: 'Pass it as `cursor` to get the next page; absent on the last page.',
};

/** `/api/tickets/:id` → `/api/tickets/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function jsonBody(
  schema: JsonSchema,
  required: boolean,
  description: string,
): RequestBodyObject {
  return { description, required, content: { 'application/json': { schema } } };
}

export function jsonResponse(
  description: string,
  schema: JsonSchema,
  headers?: Record<string, HeaderObject | Reference>,
): ResponseObject {
  const response: ResponseObject = { description, content: { 'application/json': { schema } } };
  if (headers) response.headers = headers;
  return response;
}

/** A response with no body; `headers` when it sets some (a cookie). */
export function emptyResponse(
  description: string,
  headers?: Record<string, HeaderObject | Reference>,
): ResponseObject {
  return headers ? { description, headers } : { description };
}

export const etagHeader = (ctx: DocumentContext) =>
  ctx.components.header('ETag', () => ({
    description:
      'The version of the record answered, as `"<version>"`. Send it back in `If-Match` to update only that version.',
    schema: { type: 'string', pattern: '^"[0-9]+"$' },
  }));

export const actionsHeader = (ctx: DocumentContext) =>
  ctx.components.header('Specrun-Actions', () => ({
    description:
      "The record's `actions`, comma-separated: what the caller may do with it now (its lifecycle's actions, `update`, `delete`), for clients whose declared shape leaves `actions` out.",
    schema: { type: 'string' },
  }));

export const pageActionsHeader = (ctx: DocumentContext) =>
  ctx.components.header('Specrun-Page-Actions', () => ({
    description:
      "Each listed record's `actions`, in the page's order: records separated by `;`, a record's actions by `,` (`update, delete; ; delete`), for clients whose declared shape leaves `actions` out.",
    schema: { type: 'string' },
  }));

export const locationHeader = (ctx: DocumentContext) =>
  ctx.components.header('Location', () => ({
    description: 'Where the new record can be read.',
    schema: { type: 'string', format: 'uri-reference' },
  }));

export const sessionCookieHeader = (ctx: DocumentContext) =>
  ctx.components.header('Set-Cookie', () => ({
    description:
      'The `specrun_session` cookie: a new session, or an expired one that ends it. HTTP-only, `SameSite=Lax`, `Path=/`.',
    schema: { type: 'string' },
  }));

export const ifMatchParameter = (ctx: DocumentContext) =>
  ctx.components.parameter('If-Match', () => ({
    name: 'If-Match',
    in: 'header',
    description:
      'The ETag of the version the change was made from (`"3"`, `W/"3"` or `*`). When the record has changed since, nothing is saved and the answer is 412 `CONFLICT`.',
    schema: { type: 'string' },
  }));

export const cursorParameter = (ctx: DocumentContext) =>
  ctx.components.parameter('cursor', () => ({
    name: 'cursor',
    in: 'query',
    description: 'The `nextCursor` of the previous page, as given.',
    schema: { type: 'string' },
  }));
