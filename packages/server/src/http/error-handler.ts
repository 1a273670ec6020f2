import type { Catalogue } from '@specrun/model';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type ErrorItem } from '../catalogue/app-error.js';
import { boundedProblem } from '../catalogue/problem.js';
import { rewordedItems } from '../catalogue/reworded-items.js';
import { declaredFor, sendDeclared } from './declared-errors.js';
import { isDataError } from './data-errors.js';
import { isStatementTimeout } from '../store/statement-timeout.js';
import { markPrivate } from './private-answers.js';
import { StaleVersionError } from './stale-version.js';

/** Catalogue codes for the statuses Fastify itself answers with (bad JSON, body too large...). */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Codes whose engine detail says no more than the message, only more precisely ("No Ticket 42.",
 * "Nothing is served at GET /api/x."): when section 8 rewords one, its message is what is read,
 * wherever the answer comes from. Other codes keep their detail, which may tell a different
 * case (a CONFLICT of references, not of versions).
 */
const MESSAGE_OVER_DETAIL = new Set(['NOT_FOUND']);

/** How a problem is answered besides its code: the detail, placeholders, problems, status. */
export interface ProblemOptions {
  detail?: string | undefined;
  params?: Record<string, string>;
  errors?: readonly ErrorItem[] | undefined;
  /** Overrides the catalogue's status (412 for a stale If-Match, whose code is CONFLICT). */
  status?: number;
  /** The path parameter addressing the record the error is about, when not the last. */
  parameter?: string | undefined;
}

/**
 * Writes a catalogue error as application/problem+json, within the problem bounds; or in the
 * error body section 8 declares, unless the request asks for problem documents.
 */
export function sendProblem(
  reply: FastifyReply,
  catalogue: Catalogue,
  code: string,
  detailOrOptions?: string | ProblemOptions,
  params?: Record<string, string>,
): FastifyReply {
  const options: ProblemOptions =
    typeof detailOrOptions === 'object' ? detailOrOptions : { detail: detailOrOptions, params };
  const resolved = catalogue.resolve(code, options.params);
  const status = options.status ?? resolved.status;
  const reworded = MESSAGE_OVER_DETAIL.has(code) && catalogue.rewords(code);
  const detail = reworded ? resolved.message : (options.detail ?? resolved.message);
  const errors = rewordedItems(catalogue, options.errors);
  const declared = declaredFor(catalogue, reply.request);
  if (declared) {
    // A code section 8 rewords says its own words; else the detail says what exactly is wrong.
    const message = catalogue.rewords(resolved.code) ? resolved.message : detail;
    const { parameter } = options;
    return sendDeclared(reply, catalogue, declared, {
      ...resolved,
      status,
      message,
      errors,
      parameter,
    });
  }
  const body = boundedProblem(resolved.code, status, detail, errors);
  return reply.status(status).type('application/problem+json; charset=utf-8').send(body);
}

/**
 * The one error handler: application errors answer their catalogue code (with every problem of a
 * failed save); client mistakes that Fastify or the database detect map to engine codes; anything
 * else is logged and answered INTERNAL, with no detail that could leak internals.
 */
export function installErrorHandler(app: FastifyInstance, catalogue: Catalogue): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendProblem(reply, catalogue, error.code, {
        detail: error.detail,
        params: error.params,
        errors: error.errors,
        parameter: error.parameter,
        ...(error instanceof StaleVersionError ? { status: error.status } : {}),
      });
    }
    if (isStatementTimeout(error)) {
      // A statement past MAX_STATEMENT_MS that no filter of the caller's made costly.
      request.log.warn({ err: error }, 'statement time limit reached');
      return sendProblem(reply, catalogue, 'TIMEOUT');
    }
    if (isDataError(error)) {
      // A value at the edge of what the database holds: the request's mistake. Logged, since a
      // check before the write should have caught it.
      request.log.warn({ err: error }, 'value refused by the database');
      return sendProblem(reply, catalogue, 'BAD_REQUEST', {
        detail: 'A value is outside the range that can be stored.',
      });
    }
    const status = error.statusCode ?? 500;
    const code = CODE_BY_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
    if (code === 'INTERNAL') {
      request.log.error({ err: error }, 'unexpected error');
      return sendProblem(reply, catalogue, 'INTERNAL');
    }
    return sendProblem(reply, catalogue, code);
  });
}

/**
 * Answers the errors Fastify's router meets before any route or hook runs: a path segment too
 * long to be an id is NOT_FOUND (no record has such an id); a malformed URL is BAD_REQUEST.
 */
export function frameworkErrors(catalogue: Catalogue) {
  return (error: FastifyError, _request: unknown, reply: FastifyReply): void => {
    // No hook has run: the answer is marked private here, as every API answer is.
    markPrivate(reply);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      sendProblem(reply, catalogue, 'NOT_FOUND', 'Nothing is served at that path.');
      return;
    }
    sendProblem(reply, catalogue, 'BAD_REQUEST', 'The request URL could not be read.');
  };
}
