import type { ReadContext } from '../../read-context.js';
import { cellOf, type Row } from '../tables/read-table.js';

/** A key as clients read it in a JSON object: a word, with `_`, `-` or `.` inside. */
const KEY = /^[A-Za-z_][\w.-]*$/;

/**
 * A row's `Key`: what an answer with its code is about under a declared error body
 * (`| UNAUTHENTICATED | 401 | token | is missing |`). Empty: the answer's field or path decides.
 */
export function readErrorKey(row: Row, ctx: ReadContext): string | undefined {
  const cell = cellOf(row, 'key');
  if (cell.text === '') return undefined;
  if (KEY.test(cell.text)) return cell.text;
  ctx.bag.error(
    'bad-error-key',
    cell,
    `\`${cell.text}\` is not a key: a key is one word.`,
    'write a word such as `token` or `credentials` (letters, digits, `_`, `-` or `.`)',
  );
  return undefined;
}
