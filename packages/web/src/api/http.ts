import { ApiError, type FieldProblem } from './api-error.js';

/** What a request carries besides its method and path. */
export interface RequestOptions {
  body?: unknown;
  query?: URLSearchParams;
  ifMatch?: string;
}

/** An answer: its JSON body (undefined for 204) and the headers a caller may need. */
export interface Answer {
  status: number;
  body: unknown;
  etag: string | null;
  link: string | null;
  /** A record's `actions` from the server's header (a declared shape may leave them out). */
  actions: string | null;
  /** The `actions` of each record of a declared list's page, `;` between records. */
  pageActions: string | null;
}

/** Resolves a catalogue code to the message people read, with `{field}` and constants filled. */
export type MessageOf = (code: string) => string | undefined;

const GENERIC = 'Something went wrong on our side. Please try again.';

function problemsOf(value: unknown): FieldProblem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((p: unknown) => {
    if (typeof p !== 'object' || p === null) return [];
    const { field, code, message } = p as Record<string, unknown>;
    if (typeof code !== 'string' || typeof message !== 'string') return [];
    return [typeof field === 'string' ? { field, code, message } : { code, message }];
  });
}

/** fetch, with a network failure thrown as an ApiError, so screens have one kind of error. */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new ApiError(
      0,
      'NETWORK',
      'The server could not be reached. Check your connection and try again.',
      '',
    );
  }
}

async function errorOf(response: Response, messageOf: MessageOf): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not a problem document (a proxy's page, a dropped connection): the status still tells.
  }
  const code =
    typeof body.code === 'string' ? body.code : response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  const detail = typeof body.detail === 'string' ? body.detail : '';
  // ALREADY_TAKEN's message names the field and the other record, which only the detail fills in.
  const filled = code === 'ALREADY_TAKEN' && detail !== '' ? detail : undefined;
  const message = filled ?? messageOf(code) ?? (detail || GENERIC);
  return new ApiError(response.status, code, message, detail, problemsOf(body.errors));
}

/**
 * One JSON request to the API, on the app's own origin with its session cookie, asking for
 * problem documents. Bodies are sent as application/json (the server refuses cross-site and
 * non-JSON writes). A refusal is thrown as an ApiError carrying the catalogue's message; a
 * network failure as an ApiError too, so screens have one kind of error to show.
 */
export async function request(
  method: string,
  path: string,
  options: RequestOptions,
  messageOf: MessageOf,
): Promise<Answer> {
  // Refusals come as problem documents even where section 8 declares another error body: the
  // app reads their codes and fields (docs/decisions.md).
  const headers: Record<string, string> = {
    accept: 'application/json, application/problem+json',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  const query = options.query?.toString();
  const response = await reach(query ? `${path}?${query}` : path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  if (!response.ok) throw await errorOf(response, messageOf);
  const text = response.status === 204 ? '' : await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    etag: response.headers.get('etag'),
    link: response.headers.get('link'),
    actions: response.headers.get('specrun-actions'),
    pageActions: response.headers.get('specrun-page-actions'),
  };
}

/**
 * A file the API answers (a list's CSV export), with the session cookie: its bytes, or the
 * refusal as an ApiError with the catalogue's message, as `request` throws it.
 */
export async function download(
  path: string,
  query: URLSearchParams,
  messageOf: MessageOf,
): Promise<Blob> {
  const response = await reach(`${path}?${query.toString()}`, {
    headers: { accept: 'text/csv, application/problem+json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorOf(response, messageOf);
  return response.blob();
}
