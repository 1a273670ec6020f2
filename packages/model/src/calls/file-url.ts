/**
 * Where the engine serves the files of records, whatever section 7 declares: one record's file
 * field at `/api/_files/{Entity}/{id}/{field}`, for whoever may read that record and field.
 */
export const FILE_ROUTE = '/api/_files/:entity/:id/:field';

/**
 * Where one file of a `list of files` field is served: the list's address and the file's own id,
 * which never changes (a file in a list is kept or removed, never replaced in place).
 */
export const LISTED_FILE_ROUTE = '/api/_files/:entity/:id/:field/:file';

/**
 * The address of a record's file (see FILE_ROUTE), or with `file` of one file of a list (see
 * LISTED_FILE_ROUTE); the ids are encoded, names are identifiers.
 */
export function fileUrl(entity: string, id: string, field: string, file?: string): string {
  const base = `/api/_files/${entity}/${encodeURIComponent(id)}/${field}`;
  return file === undefined ? base : `${base}/${encodeURIComponent(file)}`;
}
