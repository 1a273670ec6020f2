import type { Operation } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';

// `add me to Article.favoritedBy`, `remove me from User.followers`.
const MEMBER =
  /^(add)\s+me\s+to\s+([^.\s]+)\.([^.\s]+)$|^(remove)\s+me\s+from\s+([^.\s]+)\.([^.\s]+)$/i;

/**
 * Reads an operation that adds the caller to a `list of User` field or removes them from it;
 * undefined when the cell is not one. Records where the entity and the field are written.
 */
export function readMemberOperation(
  cell: Cell,
  call: object,
  ctx: ReadContext,
): Operation | undefined {
  const text = cell.text.trim().replace(/\s+/g, ' ');
  const match = MEMBER.exec(text);
  if (!match) return undefined;
  const adds = match[1] !== undefined;
  const entity = (adds ? match[2] : match[5])!;
  const field = (adds ? match[3] : match[6])!;
  const column = cell.column + cell.text.indexOf(`${entity}.${field}`);
  ctx.where.set(call, 'entity', { line: cell.line, column });
  ctx.where.set(call, 'field', { line: cell.line, column: column + entity.length + 1 });
  return { kind: adds ? 'add-me' : 'remove-me', entity, field };
}
