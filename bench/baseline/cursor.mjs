// The paging cursor as specrun writes it (packages/server/src/store/cursor.ts): base64url JSON of
// the sort it belongs to and the last row's sort values. Both hand-written servers page newest
// first, so they answer the very cursor specrun answers, and the bodies can be compared whole.
import { Problem } from './problem.mjs';

/** The default order, as specrun names it in a cursor: createdAt descending, then id. */
const NEWEST_FIRST = 'createdAt:desc,id:asc';

/** The cursor after a row. */
export const cursorAfter = (row) =>
  Buffer.from(JSON.stringify([NEWEST_FIRST, [row.createdAt, row.id]])).toString('base64url');

/** Reads a cursor back: the last row's createdAt and id; a BAD_REQUEST when it is not one. */
export function readCursor(cursor) {
  try {
    const [sort, values] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const [createdAt, id] = Array.isArray(values) ? values : [];
    if (sort === NEWEST_FIRST && typeof createdAt === 'string' && typeof id === 'string')
      return { createdAt, id };
  } catch {
    // answered below
  }
  throw new Problem(
    400,
    'BAD_REQUEST',
    'cursor: give the nextCursor of the previous page as it was.',
  );
}
