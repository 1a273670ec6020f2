import type { InitialChoice, Lifecycle } from '@specrun/model';
import type { Property } from '../../markdown/section-parts.js';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import { segmentsOf, type Segment } from '../tables/read-cell.js';
import { atItem, slice, splitItems, type Item } from '../tables/split-items.js';

const HINT = 'write `- Initial: waitlisted when `condition`, else enrolled`, or one state';
const CHOICE = /^([A-Za-z][\w-]*)\s+when$/i;
const ELSE = /^(?:else|otherwise)\s+([A-Za-z][\w-]*)$/i;

/** The property's value as segments: what follows the key's colon. */
export function valueSegments(property: Property, source: string): Segment[] {
  const segments = segmentsOf(property.paragraph.children, source);
  const index = segments.findIndex((s) => s.kind === 'text' && s.value.includes(':'));
  if (index === -1) return [];
  const first = segments[index]!;
  return [
    slice(first, first.value.indexOf(':') + 1, first.value.length),
    ...segments.slice(index + 1),
  ];
}

function bad(item: Item, message: string, ctx: ReadContext): void {
  ctx.bag.error('bad-initial', atItem(item), message, HINT);
}

/** One `state when `condition`` of the value; undefined (reported) when it is not one. */
function readChoice(item: Item, ctx: ReadContext): InitialChoice | undefined {
  const match = CHOICE.exec(item.text);
  const code = item.codes[0];
  const lastPart = item.segments.filter((s) => s.kind === 'code' || s.value.trim() !== '').at(-1);
  if (!match || !code || item.codes.length > 1 || lastPart?.kind !== 'code') {
    bad(item, `\`${item.text}\` is not a state and when it is the initial one.`, ctx);
    return undefined;
  }
  const choice: InitialChoice = { state: match[1]!, when: expressionOf(code, ctx) };
  ctx.where.set(choice, 'state', atItem(item));
  return choice;
}

/**
 * Reads `- Initial:`: one state (`open`), or states each with the condition under which a new
 * record starts in it, the last one after `else` (`waitlisted when `…`, else enrolled`).
 */
export function readInitial(property: Property, lifecycle: Lifecycle, ctx: ReadContext): void {
  const items = splitItems(valueSegments(property, ctx.source));
  const last = items.at(-1);
  if (!last) return;
  // One state, as written: checked against the states like any other.
  if (items.length === 1 && last.codes.length === 0 && !ELSE.test(last.text)) {
    lifecycle.initial = last.text;
    ctx.where.set(lifecycle, 'initial', atItem(last));
    return;
  }
  const otherwise = ELSE.exec(last.text);
  if (!otherwise || last.codes.length > 0) {
    bad(last, 'A data-dependent initial state ends with `else` and the state otherwise.', ctx);
    return;
  }
  const choices = items.slice(0, -1).map((item) => readChoice(item, ctx));
  lifecycle.initial = otherwise[1]!;
  const elseWord = last.text.length - otherwise[1]!.length;
  ctx.where.set(lifecycle, 'initial', { line: last.line, column: last.column + elseWord });
  const read = choices.filter((c): c is InitialChoice => c !== undefined);
  if (read.length > 0) lifecycle.initialWhen = read;
}
