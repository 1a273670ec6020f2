import { fileUrl } from '@specrun/model';
import { listedFilesWithUrls, type ListedFile } from './file-list-values.js';
import type { StoredFile } from './file-values.js';

/**
 * Gives each file of a record read from `entity`'s table its address: a record never carries a
 * file's bytes, only where to fetch them (`url`, see fileUrl). A list of files gives each of its
 * files its own, and is empty rather than null.
 */
export function addFileUrls(
  entity: string,
  fields: readonly { field: string; list: boolean }[],
): (record: Record<string, unknown>) => Record<string, unknown> {
  return (record) => {
    for (const { field, list } of fields) {
      if (list) {
        const files = record[field] as ListedFile[] | undefined;
        if (files) record[field] = listedFilesWithUrls(entity, String(record.id), field)(files);
        continue;
      }
      const file = record[field] as StoredFile | null | undefined;
      if (file) record[field] = { ...file, url: fileUrl(entity, String(record.id), field) };
    }
    return record;
  };
}
