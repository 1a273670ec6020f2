import type { Expression } from '../expression.js';

/**
 * What a word of a `Parameter | Condition` table's Condition cell makes the parameter mean:
 * `page size` (how many records a page holds), `rows to skip` (an offset), and the engine's own
 * `cursor`, `sort` and `filter` under the call's name for them.
 */
export const PAGING_WORDS = {
  'page size': 'page-size',
  'rows to skip': 'rows-to-skip',
  cursor: 'cursor',
  sort: 'sort',
  filter: 'filter',
} as const;

/** The kinds of parameter a paging word declares. */
export type PagingKind = (typeof PAGING_WORDS)[keyof typeof PAGING_WORDS];

/**
 * A query parameter a list call declares (`Parameters of \`GET /api/articles\`:`): a CEL
 * condition over `record`, `user`, the constants and `value` (the parameter's text), ANDed
 * when the parameter is given, or one of the paging words.
 */
export type CallParameter =
  | { name: string; kind: 'condition'; condition: Expression; line: number }
  | { name: string; kind: PagingKind; line: number };
