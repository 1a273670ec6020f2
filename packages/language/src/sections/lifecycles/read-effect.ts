import type { Assignment, Effect, EffectTarget, Lifecycle } from '@specrun/model';
import type { At } from '../../diagnostics/diagnostic-bag.js';
import { expressionOf } from '../../expressions/read-expression.js';
import type { Property } from '../../markdown/section-parts.js';
import type { ReadContext } from '../../read-context.js';
import { atItem, splitItems, type Item } from '../tables/split-items.js';
import { valueSegments } from './read-initial.js';

const HINT =
  'write `create Entity with field = `value``, `reference takes action`, `update reference with ' +
  'field = `value``, or `first Entity e where `condition` by e.field takes action`';
const NAME = String.raw`[A-Za-z_]\w*`;
const TARGET = String.raw`(?:first (${NAME}) (${NAME}) where(?: by (${NAME})\.(${NAME})( descending)?)?|(${NAME}))`;
const FIELD = String.raw`(${NAME}) =`;
const CREATE = new RegExp(String.raw`^create (${NAME}) with ${FIELD}$`);
const UPDATE = new RegExp(String.raw`^update ${TARGET} with ${FIELD}$`);
const TAKE = new RegExp(String.raw`^${TARGET} takes (${NAME})$`);

/**
 * Where a word of an item's text stands, for diagnostics at the offending name: in its first
 * text run that has it, or its last (`by b.field` follows the query's condition).
 */
function wordAt(item: Item, word: string, last = false, followedBy = ''): At {
  const runs = item.segments.filter((s) => s.kind === 'text');
  for (const segment of last ? runs.reverse() : runs) {
    const match = new RegExp(String.raw`\b${word}\b${followedBy}`).exec(segment.value);
    if (match) return { line: segment.line, column: segment.columns.at(match.index) };
  }
  return atItem(item);
}

function targetOf(m: RegExpExecArray, first: number, item: Item, ctx: ReadContext): EffectTarget {
  const [entity, variable, byVariable, by, descending, field] = m.slice(first, first + 6);
  if (field !== undefined) {
    const target: EffectTarget = { kind: 'reference', field };
    ctx.where.set(target, 'field', wordAt(item, field));
    return target;
  }
  const where = expressionOf(item.codes[0]!, ctx);
  const target: EffectTarget = { kind: 'first', entity: entity!, variable: variable!, where };
  if (by !== undefined) target.by = by;
  if (descending) target.descending = true;
  ctx.where.set(target, 'entity', wordAt(item, entity!));
  if (by !== undefined) {
    ctx.where.set(target, 'by', wordAt(item, byVariable!, true));
    if (byVariable !== variable)
      ctx.bag.error(
        'bad-effect',
        wordAt(item, byVariable!, true),
        `\`${byVariable}.${by}\` is not a field of the candidate \`${variable}\`.`,
        `order by a field of \`${variable}\`: by ${variable}.createdAt`,
      );
  }
  return target;
}

/** One `field = `value`` of an effect, the first one's field read from the effect's head. */
function assignment(field: string, item: Item, ctx: ReadContext): Assignment {
  const value = expressionOf(item.codes.at(-1)!, ctx);
  const read: Assignment = { field, value };
  ctx.where.set(read, 'field', wordAt(item, field, true, String.raw`(?=\s*=)`));
  return read;
}

function moreAssignments(items: readonly Item[], ctx: ReadContext): Assignment[] | undefined {
  const out: Assignment[] = [];
  for (const item of items) {
    const m = new RegExp(String.raw`^${FIELD}$`).exec(item.text);
    if (!m || item.codes.length !== 1) return undefined;
    out.push(assignment(m[1]!, item, ctx));
  }
  return out;
}

/** The effect an item list says, or undefined when it says none of the forms. */
function effectOf(
  after: string,
  items: Item[],
  line: number,
  ctx: ReadContext,
): Effect | undefined {
  const [head, ...rest] = items;
  if (!head) return undefined;
  const codes = head.codes.length;
  const create = CREATE.exec(head.text);
  if (create && codes === 1) {
    const more = moreAssignments(rest, ctx);
    if (!more) return undefined;
    const sets = [assignment(create[2]!, head, ctx), ...more];
    const effect: Effect = { kind: 'create', after, entity: create[1]!, sets, line };
    ctx.where.set(effect, 'entity', wordAt(head, create[1]!));
    return effect;
  }
  const update = UPDATE.exec(head.text);
  if (update && codes === (update[1] !== undefined ? 2 : 1)) {
    const more = moreAssignments(rest, ctx);
    if (!more) return undefined;
    const target = targetOf(update, 1, head, ctx);
    return {
      kind: 'update',
      after,
      target,
      sets: [assignment(update[7]!, head, ctx), ...more],
      line,
    };
  }
  const take = TAKE.exec(head.text);
  if (take && rest.length === 0 && codes === (take[1] !== undefined ? 1 : 0)) {
    const effect: Effect = {
      kind: 'take',
      after,
      target: targetOf(take, 1, head, ctx),
      action: take[7]!,
      line,
    };
    ctx.where.set(effect, 'action', wordAt(head, take[7]!, true));
    return effect;
  }
  return undefined;
}

/**
 * Reads `- After <action>: <effect>`: a change to another record made with the transition
 * (`After create`: with the create). The effect is `create Entity with field = `value`, …`,
 * `target takes action`, or `update target with field = `value`, …`, where the target is a
 * reference field of the record or `first Entity e where `condition` by e.field [descending]`.
 */
export function readEffect(property: Property, lifecycle: Lifecycle, ctx: ReadContext): void {
  const after = property.key.replace(/^after\s+/i, '').trim();
  const items = splitItems(valueSegments(property, ctx.source));
  const effect = effectOf(after, items, property.at.line, ctx);
  if (!effect) {
    ctx.bag.error('bad-effect', property.valueAt, `\`${property.value}\` is not an effect.`, HINT);
    return;
  }
  const column = property.at.column + property.key.lastIndexOf(after);
  ctx.where.set(effect, 'after', { line: property.at.line, column });
  (lifecycle.effects ??= []).push(effect);
}
