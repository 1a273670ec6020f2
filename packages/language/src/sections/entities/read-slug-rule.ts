import type { FieldRule } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';
import { type Item } from '../tables/split-items.js';

// `slug from title`: the field's value is derived from the text field named.
const SLUG_FROM = /^slug\s+from\s+([A-Za-z][A-Za-z0-9]*)$/i;
const FOLLOWS = /^follows\s+changes$/i;

/** True when an item is the `follows changes` that the comma cut off a `slug from` rule. */
export function continuesSlug(previous: Item, item: Item): boolean {
  return SLUG_FROM.test(previous.text) && FOLLOWS.test(item.text);
}

/**
 * Reads `slug from title` (with `more` holding a `follows changes` the comma cut off): the rule,
 * where its source is written recorded for the checks; 'unknown' when the item is not one, or
 * the reason it cannot apply to a field of that family (slugs are text).
 */
export function readSlugFrom(
  item: Item,
  more: readonly Item[],
  family: string | undefined,
  ctx: ReadContext,
): FieldRule[] | string {
  const match = SLUG_FROM.exec(item.text);
  if (!match || item.codes.length > 0) return 'unknown';
  if (family !== undefined && family !== 'text') return 'a slug';
  const rule: FieldRule = { kind: 'slugFrom', from: match[1]! };
  if (more.length > 0) rule.follows = true;
  const column = item.column + item.text.lastIndexOf(match[1]!);
  ctx.where.set(rule, 'from', { line: item.line, column });
  return [rule];
}
