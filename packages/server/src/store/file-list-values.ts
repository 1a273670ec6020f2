import { fileUrl, isKeptFile, readFileList } from '@specrun/model';
import type { ValueIssue } from './column-codec.js';
import { fileWrite, type FileWrite, type StoredFile } from './file-values.js';

/**
 * A file of a `list of files` as the record's column keeps it, in the list's order: its
 * description and the id its bytes are kept under, which is also the last part of its address.
 */
export interface ListedFile extends StoredFile {
  id: string;
}

/** An item of a list of files as a write sends it: new bytes, or a stored file kept by `url`. */
export type FileListItem = { file: FileWrite } | { url: string };

/** What a write does to a list of files: the list the column keeps, the rows it keeps and adds. */
export interface FileListWrite {
  stored: ListedFile[];
  keep: string[];
  add: FileWrite[];
}

/** The text a `files` column holds: the files' descriptions as JSON; null for none. */
export function storedFilesText(files: readonly ListedFile[]): string | null {
  if (files.length === 0) return null;
  return JSON.stringify(files.map(({ id, name, type, size }) => ({ id, name, type, size })));
}

/** A `files` column's value as read: the files in their order; none for null. */
export function decodeStoredFiles(raw: unknown): ListedFile[] {
  if (raw === null || raw === undefined) return [];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ListedFile[];
  return parsed.map((f) => ({
    id: String(f.id),
    name: String(f.name),
    type: String(f.type),
    size: Number(f.size),
  }));
}

/**
 * The items a write sends for a list of files: checked uploads or stored files kept (what the
 * operations pass), or read here from what a caller sends. Null is no files; a problem is added
 * to `issues`.
 */
export function fileListItems(
  field: string,
  value: unknown,
  issues: ValueIssue[],
): FileListItem[] | undefined {
  if (value === null) return [];
  if (!Array.isArray(value)) {
    const read = readFileList(value, field);
    if (!read.ok) issues.push({ field, code: 'INVALID_VALUE', message: read.reason });
    return undefined;
  }
  const items: FileListItem[] = [];
  for (const item of value) {
    if (isKeptFile(item)) items.push({ url: item.url });
    else {
      const file = fileWrite(field, item, issues);
      if (!file) return undefined;
      items.push({ file });
    }
  }
  return items;
}

/**
 * A write of a list of files against the record's stored list (`current`, none on insert): each
 * kept file must be one of them, named by its address; those left out go. A string says why not.
 */
export function planFileList(
  entity: string,
  recordId: string,
  field: string,
  items: readonly FileListItem[],
  current: readonly ListedFile[],
): FileListWrite | string {
  const byUrl = new Map(current.map((f) => [fileUrl(entity, recordId, field, f.id), f]));
  const plan: FileListWrite = { stored: [], keep: [], add: [] };
  for (const item of items) {
    if ('url' in item) {
      const kept = byUrl.get(item.url);
      if (!kept || plan.keep.includes(kept.id))
        return `names a file the record does not hold: ${item.url}`;
      plan.keep.push(kept.id);
      plan.stored.push(kept);
    } else {
      const { id, name, type, size } = item.file;
      plan.add.push(item.file);
      plan.stored.push({ id, name, type, size });
    }
  }
  return plan;
}

/** The files of a list as answers carry them: each with its own address, never its bytes. */
export function listedFilesWithUrls(entity: string, recordId: string, field: string) {
  return (files: readonly ListedFile[]) =>
    files.map(({ id, name, type, size }) => ({
      name,
      type,
      size,
      url: fileUrl(entity, recordId, field, id),
    }));
}
