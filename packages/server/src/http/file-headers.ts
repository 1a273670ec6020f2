import { mediaType, showsInline } from '@specrun/model';

/**
 * The policy of a file's answer: nothing in it runs or loads anything (a sandbox with no sources
 * but its own image and inline style, which browsers need to show an image on its own).
 */
export const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

// RFC 8187: what encodeURIComponent leaves that a header's ext-value may not hold.
const rfc8187 = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `Content-Disposition` for a stored file (RFC 6266): `inline` only for the raster images a page
 * may show, `attachment` for everything else (HTML and SVG above all), with the name as ASCII
 * for old clients and exactly, in UTF-8, for the others.
 */
export function contentDisposition(name: string, type: string): string {
  const kind = showsInline(type) ? 'inline' : 'attachment';
  // What a quoted-string cannot hold, and anything beyond ASCII.
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc8187(name)}`;
}

/** The `Content-Type` a stored file is served with: its own when it is a media type. */
export function servedType(type: string): string {
  return mediaType(type) ?? 'application/octet-stream';
}

/** Whether If-None-Match names this file's ETag (or `*`): the client has these very bytes. */
export function notModified(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',').map((t) => t.trim());
  return tags.some((t) => t === '*' || t === etag || t === `W/${etag}`);
}
