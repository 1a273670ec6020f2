// Ids are the engine's (UUIDs); anything else cannot name a record. Checked before any query, so a
// strange id (a NUL byte, a megabyte of text) never reaches the database.
const ID = /^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$/;

/** Whether a text could be a record's id at all. */
export const isRecordId = (id: string): boolean => ID.test(id);
