/** A route's shape for clash detection: parameters lose their names (`/tickets/:`). */
export function routePattern(route: string): string {
  const trimmed = route.length > 1 ? route.replace(/\/+$/, '') : route;
  return trimmed
    .split('/')
    .map((segment) =>
      segment.startsWith(':') || /^\{.*\}$/.test(segment) ? ':' : segment.toLowerCase(),
    )
    .join('/');
}
