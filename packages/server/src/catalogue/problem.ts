/** An RFC 9457 problem document, as every error of the API is answered. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  errors?: { field: string; code: string; message: string }[];
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
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
