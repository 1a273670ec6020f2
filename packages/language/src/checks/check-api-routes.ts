import { apiCalls, type ApiCall, type AppModel, type Screen } from '@specrun/model';
import type { ReadContext } from '../read-context.js';

const segments = (path: string): string[] => path.replace(/(.)\/+$/, '$1').split('/');
const isParameter = (segment: string): boolean =>
  segment.startsWith(':') || /^\{.*\}$/.test(segment);

/**
 * Whether loading an address of the screen reaches the call: the same number of segments, each
 * the same or a parameter of the call. A parameter of the screen facing a fixed segment of the
 * call is not a clash: the screen's addresses hold ids, which are never the call's fixed words.
 */
function reaches(screen: readonly string[], path: readonly string[]): boolean {
  return (
    screen.length === path.length &&
    path.every((segment, i) => isParameter(segment) || segment === screen[i])
  );
}

/** A GET call with its path split once: every screen is compared with every call. */
type GetCall = { call: ApiCall; path: readonly string[] };

/** What the server answers at an address, before the web app: its own pages and the API. */
function reserved(route: string): string | undefined {
  // The server hands every GET that does not start with /api to the web app; the rest is API.
  if (route.startsWith('/api')) return 'addresses starting with /api belong to the API';
  if (route === '/openapi.json') return '/openapi.json is the API’s description';
  if (route === '/docs' || route.startsWith('/docs/')) return '/docs is the API’s documentation';
  return undefined;
}

function checkRoute(screen: Screen, gets: readonly GetCall[], ctx: ReadContext): void {
  const at = ctx.where.at(screen, 'route');
  const hint = 'give the screen a route that is not an API path, such as one without /api';
  const why = reserved(screen.route);
  if (why) {
    ctx.bag.error(
      'route-is-api-path',
      at,
      `\`${screen.route}\` cannot be a screen's route: ${why}, so the browser would get JSON, not the screen.`,
      hint,
    );
    return;
  }
  const route = segments(screen.route);
  const call = gets.find((get) => reaches(route, get.path))?.call;
  if (!call) return;
  const where = call.line === undefined ? 'the default API' : `section 7, line ${call.line}`;
  ctx.bag.error(
    'route-is-api-path',
    at,
    `Loading \`${screen.route}\` reaches the API's \`GET ${call.path}\` (${where}), so the browser would get JSON, not the screen.`,
    hint,
  );
}

/** Errors on a screen route that the server answers with the API (or its documentation). */
export function checkApiRoutes(model: AppModel, ctx: ReadContext): void {
  const gets = apiCalls(model)
    .filter((call) => call.method === 'GET')
    .map((call) => ({ call, path: segments(call.path) }));
  for (const screen of model.screens) if (!screen.derived) checkRoute(screen, gets, ctx);
}
