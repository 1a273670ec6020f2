import { readFileUpload, type FileUpload } from '@specrun/model';
import type { ValueIssue } from './column-codec.js';
import { newId } from './ids.js';

/** What a `file` column holds: the file's description, as JSON text; its bytes are apart. */
export interface StoredFile {
  name: string;
  type: string;
  size: number;
}

/** A file written with its record: new bytes (`id` names this content), or null to remove it. */
export interface FileWrite {
  id: string;
  name: string;
  type: string;
  size: number;
  content: Buffer;
}

/** The text a `file` column holds for a file. */
export function storedFileText(file: StoredFile): string {
  return JSON.stringify({ name: file.name, type: file.type, size: file.size });
}

/** A `file` column's value as read: the file's description, or null. */
export function decodeStoredFile(raw: unknown): StoredFile | null {
  if (raw === null || raw === undefined) return null;
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as StoredFile;
  return { name: String(parsed.name), type: String(parsed.type), size: Number(parsed.size) };
}

const isUpload = (value: unknown): value is FileUpload =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileUpload).base64 === 'string' &&
  typeof (value as FileUpload).name === 'string' &&
  typeof (value as FileUpload).type === 'string';

/**
 * The file a write stores for a field: from a checked upload (what the operations pass), or read
 * here from what a caller sends (a data URL, `{ name, data }`). The bytes are decoded once, and
 * the size is theirs. Null removes the file; a problem is added to `issues`.
 */
export function fileWrite(
  field: string,
  value: unknown,
  issues: ValueIssue[],
): FileWrite | null | undefined {
  if (value === null) return null;
  let upload: FileUpload;
  if (isUpload(value)) upload = value;
  else {
    const read = readFileUpload(value, field);
    if (!read.ok) {
      issues.push({ field, code: 'INVALID_VALUE', message: read.reason });
      return undefined;
    }
    upload = read.upload;
  }
  const content = Buffer.from(upload.base64, 'base64');
  return { id: newId(), name: upload.name, type: upload.type, size: content.length, content };
}
