/** A page boundary: the sort it belongs to and the last record's sort values (wire form). */
export interface CursorContent {
  sort: string;
  values: unknown[];
}

/** Thrown for a cursor that is malformed or belongs to another sort order. */
export class InvalidCursorError extends Error {
  constructor() {
    super('The page cursor is not valid for this list.');
    this.name = 'InvalidCursorError';
  }
}

/** An opaque cursor: base64url JSON. Clients pass it back as given. */
export function encodeCursor(content: CursorContent): string {
  return Buffer.from(JSON.stringify([content.sort, content.values])).toString('base64url');
}

/** Reads a cursor for a sort order; throws InvalidCursorError when it does not fit. */
export function decodeCursor(cursor: string, sort: string, keys: number): CursorContent {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed[0] === sort &&
      Array.isArray(parsed[1]) &&
      parsed[1].length === keys
    ) {
      return { sort, values: parsed[1] as unknown[] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new InvalidCursorError();
}
