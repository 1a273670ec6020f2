/**
 * Where the engine serves the files of records, whatever section 7 declares: one record's file
 * field at `/api/_files/{Entity}/{id}/{field}`, for whoever may read that record and field.
 */
export const FILE_ROUTE = '/api/_files/:entity/:id/:field';

/** The address of a record's file (see FILE_ROUTE); the id is encoded, names are identifiers. */
export function fileUrl(entity: string, id: string, field: string): string {
  return `/api/_files/${entity}/${encodeURIComponent(id)}/${field}`;
}
