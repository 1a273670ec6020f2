import type { FastifyRequest } from 'fastify';
import { pathPattern } from './route-methods.js';

/** The first segment of a path (`/v1` of `/v1/notes/:id`), unless it is a parameter. */
function prefixOf(path: string): string | undefined {
  const first = path.split('/')[1];
  return first && !first.startsWith(':') && first !== '*' ? `/${first}` : undefined;
}

/**
 * Whether a request takes the web app's HTML: a browser navigation asks for text/html; a request
 * without Accept, or for any type, takes whatever comes. A request that names JSON and not HTML
 * (a client of the API) does not.
 */
function takesHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept?.toLowerCase();
  if (!accept || accept.includes('text/html')) return true;
  if (accept.includes('json')) return false;
  return accept.includes('*/*') || accept.includes('text/*');
}

/**
 * Which unserved paths are the web app's to answer and which the API's. The API's are under its
 * prefixes: `/api`, and the first segment of every call's path (`/v1` when section 7 declares
 * `/v1/...`); nothing there is a page, so what no call serves is a 404 problem. A screen's route
 * is the app's, for any request. Anywhere else, the app answers a request that takes HTML (its
 * router shows its friendly 404), and a JSON request gets a 404 problem, never a page.
 */
export class WebPaths {
  private readonly apiPrefixes: ReadonlySet<string>;
  private readonly screens: readonly RegExp[];

  constructor(callPaths: readonly string[], screenRoutes: readonly string[]) {
    const prefixes = callPaths.map(prefixOf).filter((p): p is string => p !== undefined);
    this.apiPrefixes = new Set(['/api', ...prefixes]);
    this.screens = screenRoutes.map(pathPattern);
  }

  /** Whether the web app answers this request, for a path no route serves. */
  isPage(request: FastifyRequest, path: string): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (this.screens.some((screen) => screen.test(path))) return true;
    const prefix = prefixOf(path);
    return !(prefix && this.apiPrefixes.has(prefix)) && takesHtml(request);
  }
}
