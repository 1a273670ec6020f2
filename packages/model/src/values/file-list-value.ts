// The value of a `list of files` field as a caller sends it: the whole list, each item a new file
// or a stored one kept. A file left out is removed; the order sent is the order kept.
import { readFileUpload, type FileUpload } from './file-value.js';

/** A stored file a list keeps, named by its address as answers give it (its `url`). */
export interface KeptFile {
  url: string;
}

/** One item of a list of files as checked: a new file, or a stored one kept. */
export type FileItem = FileUpload | KeptFile;

/** A list of files checked, or why it cannot be one. */
export type FileListRead = { ok: true; items: FileItem[] } | { ok: false; reason: string };

/**
 * The most files one `list of files` field holds: each is a row written in the record's
 * transaction, so the bound keeps one request's write short whatever the request's size.
 */
export const MAX_FILES_IN_LIST = 100;

const LIST =
  'must be a list of files: each a base64 data URL, { "name": ..., "data": <data URL> }, or a stored file as read, with its "url"';

/** Whether an item names a stored file (as read: `{ name, type, size, url }`; only `url` counts). */
export function isKeptFile(value: unknown): value is KeptFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { url?: unknown }).url === 'string' &&
    (value as { data?: unknown }).data === undefined
  );
}

/**
 * Reads a list of files as a caller sends it: each item a new file as readFileUpload reads one
 * (a data URL, or `{ name, data }`), or a stored file kept, as answers give it (`{ ..., url }`),
 * reduced to its `url`: what it says of its name, type or size is never believed.
 */
export function readFileList(value: unknown, field: string): FileListRead {
  if (!Array.isArray(value)) return { ok: false, reason: LIST };
  if (value.length > MAX_FILES_IN_LIST)
    return { ok: false, reason: `must have at most ${MAX_FILES_IN_LIST} files` };
  const items: FileItem[] = [];
  const kept = new Set<string>();
  for (const [i, item] of value.entries()) {
    if (isKeptFile(item)) {
      if (kept.has(item.url)) return { ok: false, reason: 'names the same stored file twice' };
      kept.add(item.url);
      items.push({ url: item.url });
      continue;
    }
    const read = readFileUpload(item, field);
    if (!read.ok) return { ok: false, reason: `file ${i + 1} ${read.reason}` };
    items.push(read.upload);
  }
  return { ok: true, items };
}
