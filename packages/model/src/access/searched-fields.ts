import type { Field } from '../entity.js';

/**
 * The longest `q` a list takes, in characters: a search is a few words typed into a box, and
 * each word is looked up in each searched column.
 */
export const MAX_SEARCH_LENGTH = 200;

/** The most words one `q` may have (each is looked up in each column the reader may read). */
export const MAX_SEARCH_WORDS = 10;

const SEARCHED_KINDS: ReadonlySet<Field['type']['kind']> = new Set([
  'text',
  'longText',
  'email',
  'url',
]);

/**
 * Whether a list's `q` looks in the field: words people write (text, long text, emails,
 * addresses), stored as written. Not `one of` and states, which `field=value` picks, nor computed
 * fields, which are worked out when read and so have nothing stored to index.
 */
export function isSearchedField(field: Field): boolean {
  return SEARCHED_KINDS.has(field.type.kind) && !field.rules.some((r) => r.kind === 'computed');
}

// Letters and digits (with the marks that combine with them): what both databases' word
// splitters keep.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * The words of a search, in order: runs of letters and digits; everything else separates them.
 * What is left out (punctuation, quotes, the databases' own search syntax) is never sent to the
 * database, so no input can change what the search means.
 */
export function searchWords(q: string): string[] {
  return q.match(WORD) ?? [];
}
