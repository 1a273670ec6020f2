import { AppError } from '../catalogue/app-error.js';

// Ids are the engine's (UUIDs); anything else cannot name a record. Checked before any query, so a
// strange id (a NUL byte, a megabyte of text) never reaches the database.
const ID = /^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$/;

/** The `:id` of a request, or NOT_FOUND when it cannot be a record's id. */
export function recordId(entity: string, id: string | undefined): string {
  if (id === undefined || !ID.test(id))
    throw new AppError('NOT_FOUND', `No ${entity} with that id.`);
  return id;
}
