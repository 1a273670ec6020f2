import type { ApiCall, Catalogue, ErrorBody } from '@specrun/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorItem } from '../catalogue/app-error.js';
import { echoed } from '../catalogue/client-text.js';
import { declaredBody } from '../catalogue/declared-body.js';
import { codeKey, itemKey, type ErrorPlace } from '../catalogue/error-keys.js';
import { PROBLEM_BOUNDS } from '../catalogue/problem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call a route serves, so that an error met there can be keyed by its path and fields. */
    call?: ApiCall;
  }
}

/**
 * Whether a request asks for problem documents (`Accept: application/problem+json`), as the
 * web app does: it is answered so even where section 8 declares another error body.
 */
export function asksForProblems(request: FastifyRequest): boolean {
  return request.headers.accept?.toLowerCase().includes('application/problem+json') ?? false;
}

/** The error body section 8 declares, unless the request asks for problem documents. */
export function declaredFor(catalogue: Catalogue, request: FastifyRequest): ErrorBody | undefined {
  return catalogue.body && !asksForProblems(request) ? catalogue.body : undefined;
}

/** One error answered in the declared body. */
export interface DeclaredError {
  code: string;
  status: number;
  /** What the answer says when it lists no problems. */
  message: string;
  errors?: readonly ErrorItem[] | undefined;
  parameter?: string | undefined;
}

function placeOf(request: FastifyRequest, parameter: string | undefined): ErrorPlace {
  // Answers met before routing (a path nothing serves) have no route and so no call.
  const route = request.routeOptions as Partial<FastifyRequest['routeOptions']> | undefined;
  return { call: route?.config?.call, path: route?.url, parameter };
}

/**
 * Writes an error in the declared body: every problem's message under its key (a field's wire
 * name, the catalogue row's Key, the path's word for a record, or the code), within the
 * problem bounds; an answer with no list of problems is its one message.
 */
export function sendDeclared(
  reply: FastifyReply,
  catalogue: Catalogue,
  body: ErrorBody,
  error: DeclaredError,
): FastifyReply {
  const place = placeOf(reply.request, error.parameter);
  const items = (error.errors ?? []).slice(0, PROBLEM_BOUNDS.errors);
  const messages =
    items.length > 0
      ? items.map((item) => ({
          key: echoed(itemKey(catalogue, item, place), PROBLEM_BOUNDS.fieldCharacters),
          message: echoed(item.message, PROBLEM_BOUNDS.messageCharacters),
        }))
      : [
          {
            key: codeKey(catalogue, error.code, place),
            message: echoed(error.message, PROBLEM_BOUNDS.detailCharacters),
          },
        ];
  return reply
    .status(error.status)
    .header('vary', 'Cookie, Accept')
    .type('application/json; charset=utf-8')
    .send(declaredBody(body, messages));
}
