// RFC 9457 problem answers, with the same codes and statuses specrun's catalogue gives.
const TITLES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
};

/** An error a handler throws to answer a problem. */
export class Problem extends Error {
  constructor(status, code, detail, errors) {
    super(detail);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** The problem document of an error; anything unexpected is INTERNAL without details. */
export function problemBody(error) {
  const status = error instanceof Problem ? error.status : (error.statusCode ?? 500);
  const code = error instanceof Problem ? error.code : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  const detail = status >= 500 ? 'Something went wrong.' : error.message;
  const body = {
    type: `urn:specrun:error:${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
  };
  if (error.errors) body.errors = error.errors;
  return body;
}
