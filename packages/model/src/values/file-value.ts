/**
 * A file as every answer carries it: what it is and where to fetch it, never its bytes (they are
 * stored apart from the record and served from `url`; see docs/decisions.md).
 */
export interface FileDescription {
  name: string;
  /** Its media type, such as `image/png`. */
  type: string;
  /** In bytes. */
  size: number;
  url: string;
}

/**
 * A file sent in a create, an update or an action's input, checked: its name, media type, size
 * and content (base64, as sent; the server decodes it once, to store it).
 */
export interface FileUpload {
  name: string;
  type: string;
  size: number;
  base64: string;
}

/** A file value checked, or why it cannot be one. */
export type UploadRead = { ok: true; upload: FileUpload } | { ok: false; reason: string };

/** The longest file name kept, in characters (most file systems allow 255 bytes). */
export const MAX_FILE_NAME = 255;

// RFC 6838's restricted names, as a type and subtype; compared in lower case.
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// Control characters and the separators of paths: a name never says where to write a file.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\]/g;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/svg+xml': '.svg',
  'application/pdf': '.pdf',
  'application/json': '.json',
  'application/zip': '.zip',
  'text/plain': '.txt',
  'text/csv': '.csv',
  'text/html': '.html',
};

/** The name a file gets when none is sent: the field's, with the extension of its type. */
export function defaultFileName(field: string, type: string): string {
  return `${field}${EXTENSIONS[type] ?? ''}`;
}

/**
 * The media types a browser may show in place (`Content-Disposition: inline`, an image on a
 * screen): raster images only. Anything else, HTML and SVG above all, is only ever downloaded.
 */
export function showsInline(type: string): boolean {
  return ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'].includes(type);
}

/** A media type as stored: its essence in lower case, or undefined when it is not one. */
export function mediaType(text: string): string | undefined {
  const essence = text.split(';', 1)[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(essence) ? essence : undefined;
}

/** A file name as stored: the last part of a path, without control characters; may be empty. */
export function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  return last.replace(UNSAFE_NAME, '').trim();
}

const bad = (reason: string): UploadRead => ({ ok: false, reason });
const DATA_URL = 'must be a file: a base64 data URL, or { "name": ..., "data": <data URL> }';

function fromDataUrl(text: string, name: string | undefined, field: string): UploadRead {
  if (!/^data:/i.test(text)) return bad(DATA_URL);
  const comma = text.indexOf(',');
  if (comma < 0) return bad(DATA_URL);
  const header = text.slice(5, comma).split(';');
  if (header.pop()?.toLowerCase() !== 'base64') return bad('must be a base64 data URL');
  const type = header[0] === undefined || header[0] === '' ? 'application/octet-stream' : header[0];
  const essence = mediaType(type);
  if (!essence) return bad('has no valid media type');
  const base64 = text.slice(comma + 1);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return bad('is not valid base64');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const size = (base64.length / 4) * 3 - padding;
  const given = name === undefined ? '' : cleanFileName(name);
  return {
    ok: true,
    upload: { name: given || defaultFileName(field, essence), type: essence, size, base64 },
  };
}

/**
 * Reads a file as a caller sends it: a base64 data URL (`data:image/png;base64,...`, named after
 * the field), or `{ "name": "receipt.png", "data": <data URL> }`. The name keeps its last path
 * part only; the media type is the data URL's, checked, in lower case.
 */
export function readFileUpload(value: unknown, field: string): UploadRead {
  if (typeof value === 'string') return fromDataUrl(value, undefined, field);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad(DATA_URL);
  const keys = Object.keys(value);
  const { name, data } = value as { name?: unknown; data?: unknown };
  if (keys.some((k) => k !== 'name' && k !== 'data') || typeof data !== 'string')
    return bad(DATA_URL);
  if (name !== undefined && typeof name !== 'string') return bad('has a name that is not text');
  if (typeof name === 'string' && [...name].length > MAX_FILE_NAME)
    return bad(`has a name longer than ${MAX_FILE_NAME} characters`);
  return fromDataUrl(data, name, field);
}

/** Whether a value is a file as answers carry it. */
export function isFileDescription(value: unknown): value is FileDescription {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<FileDescription>;
  return (
    typeof v.name === 'string' &&
    typeof v.type === 'string' &&
    typeof v.size === 'number' &&
    typeof v.url === 'string'
  );
}
