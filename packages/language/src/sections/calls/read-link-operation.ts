import type { Call, Entity, Field, Operation } from '@specrun/model';
import { expectKnown } from '../../diagnostics/report-unknown.js';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';

// `add me as Follow.follower`, `remove me as Follow.follower`.
const LINK = /^(add|remove)\s+me\s+as\s+([^.\s]+)\.([^.\s]+)$/i;

/**
 * Reads an operation that creates or deletes a link record between the caller and the record the
 * path names; undefined when the cell is not one. The path's entity and the link's reference to
 * it are filled in by resolveLinks, once the entities are known.
 */
export function readLinkOperation(
  cell: Cell,
  call: object,
  ctx: ReadContext,
): Operation | undefined {
  const match = LINK.exec(cell.text.trim().replace(/\s+/g, ' '));
  if (!match) return undefined;
  const [, verb, link, field] = match as unknown as [string, string, string, string];
  const column = cell.column + cell.text.indexOf(`${link}.${field}`);
  ctx.where.set(call, 'link', { line: cell.line, column });
  ctx.where.set(call, 'entity', { line: cell.line, column });
  ctx.where.set(call, 'field', { line: cell.line, column: column + link.length + 1 });
  const kind = verb.toLowerCase() === 'add' ? 'add-link' : 'remove-link';
  return { kind, entity: '', link, field, via: '' };
}

const refersTo = (field: Field): string | undefined =>
  field.type.kind === 'reference' ? field.type.entity : undefined;

const uniqueWith = (field: Field): string[] =>
  field.rules.flatMap((r) => (r.kind === 'unique' ? (r.with ?? []) : []));

/** The link's one reference unique together with `field`: the one the path's record fills. */
function partnerOf(link: Entity, field: Field): Field | undefined {
  const partners = link.fields.filter(
    (f) =>
      f !== field &&
      refersTo(f) !== undefined &&
      (uniqueWith(field).includes(f.name) || uniqueWith(f).includes(field.name)),
  );
  return partners.length === 1 ? partners[0] : undefined;
}

/**
 * Fills in each link call's path entity and `via` reference: the link's field must be a `→ User`
 * (the caller goes there), unique together with exactly one other reference (the record the
 * path names goes there), so that a caller links to a record at most once. Answers the calls
 * that are sound; the others are reported (`bad-link-field`) and left out.
 */
export function resolveLinks(calls: Call[], entities: readonly Entity[], ctx: ReadContext): Call[] {
  return calls.filter((call) => {
    const op = call.operation;
    if (op.kind !== 'add-link' && op.kind !== 'remove-link') return true;
    const linkAt = ctx.where.at(call, 'link');
    const at = ctx.where.at(call, 'field', linkAt);
    const names = entities.map((e) => e.name);
    const known = { code: 'unknown-entity', what: 'entity', word: op.link, candidates: names };
    if (!expectKnown(known, linkAt, ctx)) return false;
    const link = entities.find((e) => e.name === op.link)!;
    const candidates = link.fields.map((f) => f.name);
    const what = `field of ${link.name}`;
    if (!expectKnown({ code: 'unknown-field', what, word: op.field, candidates }, at, ctx))
      return false;
    const field = link.fields.find((f) => f.name === op.field)!;
    const partner = refersTo(field) === 'User' ? partnerOf(link, field) : undefined;
    if (!partner) {
      ctx.bag.error(
        'bad-link-field',
        at,
        `\`${link.name}.${field.name}\` must be a \`→ User\`, unique with one other reference of ${link.name} (the record the path names).`,
        `write \`| ${field.name} | → User | yes | | |\` and, on the other reference, \`unique with ${field.name}\``,
      );
      return false;
    }
    Object.assign(op, { entity: refersTo(partner)!, via: partner.name });
    return true;
  });
}
