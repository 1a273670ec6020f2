import type { ErrorItem } from './app-error.js';
import { echoed } from './client-text.js';

/** An RFC 9457 problem document, as every error of the API is answered. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  errors?: ErrorItem[];
  /** How many problems there were beyond those listed in `errors`. */
  moreErrors?: number;
}

/**
 * The bounds of every problem document, whatever the request: a body of 40,000 unknown keys is
 * answered in a few kilobytes, not megabytes. Fields of the model and catalogue messages fit well
 * within them; only a client's own text is ever cut.
 */
export const PROBLEM_BOUNDS = {
  /** Problems listed in `errors`; `moreErrors` counts the rest. */
  errors: 50,
  detailCharacters: 1000,
  fieldCharacters: 100,
  messageCharacters: 500,
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Builds the problem document for a resolved catalogue entry. */
export function problem(code: string, status: number, detail: string): Problem {
  return {
    type: `urn:specrun:error:${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
  };
}

/** A problem document with its list of problems, everything within PROBLEM_BOUNDS. */
export function boundedProblem(
  code: string,
  status: number,
  detail: string,
  errors: readonly ErrorItem[] = [],
): Problem {
  const document = problem(code, status, echoed(detail, PROBLEM_BOUNDS.detailCharacters));
  if (errors.length === 0) return document;
  document.errors = errors.slice(0, PROBLEM_BOUNDS.errors).map((item) => {
    const message = echoed(item.message, PROBLEM_BOUNDS.messageCharacters);
    if (item.field === undefined) return { code: item.code, message };
    return { field: echoed(item.field, PROBLEM_BOUNDS.fieldCharacters), code: item.code, message };
  });
  if (errors.length > PROBLEM_BOUNDS.errors)
    document.moreErrors = errors.length - PROBLEM_BOUNDS.errors;
  return document;
}
