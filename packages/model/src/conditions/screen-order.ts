import type { Entity } from '../entity.js';
import { conditionParts, conjuncts, recordField, type Token } from './condition-parts.js';

/** A list's order by one field, ascending or not. */
export interface ListOrder {
  field: string;
  direction: 'asc' | 'desc';
}

const LATER = new Set(['>', '>=']);
const EARLIER = new Set(['<', '<=']);

/** Whether the tokens are the clock, maybe moved: `now`, `today()`, `now + duration("P1D")`. */
function isClock(list: readonly Token[]): boolean {
  const [a, b, c] = list;
  if (a?.kind !== 'word') return false;
  if (a.text === 'now') return list.length === 1 || b?.text === '+' || b?.text === '-';
  if (a.text !== 'today' || b?.text !== '(' || c?.text !== ')') return false;
  return list.length === 3 || list[3]?.text === '+' || list[3]?.text === '-';
}

/** The date field a conjunct keeps in the future: `record.startsAt > now`, `today() <= record.on`. */
function futureField(list: readonly Token[]): string | undefined {
  const own = recordField(list);
  if (
    own &&
    own.rest[0]?.kind === 'op' &&
    LATER.has(own.rest[0].text) &&
    isClock(own.rest.slice(1))
  )
    return own.field;
  const at = list.findIndex((t) => t.kind === 'op' && EARLIER.has(t.text));
  if (at <= 0 || !isClock(list.slice(0, at))) return undefined;
  const after = recordField(list.slice(at + 1));
  return after?.rest.length === 0 ? after.field : undefined;
}

/**
 * The order a list screen reads best in when its filter keeps records of the future: soonest
 * first, by the date or datetime field the filter holds later than now or today (workshops'
 * `record.startsAt > now`), a stored one (a computed date may read the clock). Undefined for any other filter: the list is then newest first. Only a
 * conjunct the whole filter holds counts (not one side of an `||`). The web app asks for this
 * order, and the server indexes it (derived-indexes/list-needs.ts).
 */
export function screenOrder(entity: Entity, filter: string | undefined): ListOrder | undefined {
  if (filter === undefined) return undefined;
  for (const part of conjuncts(conditionParts(filter))) {
    if (part.kind !== 'atom') continue;
    const name = futureField(part.tokens);
    const field = entity.fields.find((f) => f.name === name);
    const dated = field?.type.kind === 'date' || field?.type.kind === 'datetime';
    if (field && dated && !field.rules.some((r) => r.kind === 'computed'))
      return { field: field.name, direction: 'asc' };
  }
  return undefined;
}
