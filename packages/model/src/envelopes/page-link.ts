// A bare array answer (`Ticket[]`) has nowhere to put the next page's cursor: it goes in a
// `Link: <...>; rel="next"` header (RFC 8288), the request's own URL with the cursor set.

/** The `Link` header of the next page: the request's path and query with `cursor` set. */
export function nextPageLink(url: string, cursor: string): string {
  const parsed = new URL(url, 'http://server');
  parsed.searchParams.set('cursor', cursor);
  return `<${parsed.pathname}${parsed.search}>; rel="next"`;
}

/** The cursor of a `Link: <...cursor=...>; rel="next"` header, if it has one. */
export function cursorOfLink(link: string | null): string | undefined {
  const match = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
  return match
    ? (new URL(match[1]!, 'http://server').searchParams.get('cursor') ?? undefined)
    : undefined;
}
