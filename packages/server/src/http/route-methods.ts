import type { FastifyInstance } from 'fastify';

interface RouteEntry {
  pattern: RegExp;
  methods: string[];
}

/** The paths a route serves, as a pattern: `:name` is one segment, `*` anything. */
export function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return '[^/]+';
      if (part === '*') return '.*';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods served at each path, collected as routes are added, so that a request for a known
 * path with another method is answered 405 with `Allow` rather than 404. Must be created before
 * the routes are added.
 */
export class RouteMethods {
  private readonly routes = new Map<string, RouteEntry>();

  constructor(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const entry = this.routes.get(route.url) ?? { pattern: pathPattern(route.url), methods: [] };
      for (const method of methods) if (!entry.methods.includes(method)) entry.methods.push(method);
      this.routes.set(route.url, entry);
    });
  }

  /** The methods served at a path (without its query), in a stable order; empty when none. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const entry of this.routes.values())
      if (entry.pattern.test(path)) for (const m of entry.methods) methods.add(m);
    return [...methods].sort();
  }
}
