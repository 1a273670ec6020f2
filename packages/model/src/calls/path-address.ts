import type { AppModel } from '../app-model.js';
import type { Entity, Field } from '../entity.js';
import type { ApiOperation } from './api-calls.js';
import { withArticle } from '../words/index.js';

/** A path parameter and the field whose value it holds: `:slug` → `slug`, `:id` → the id. */
export interface AddressedBy {
  param: string;
  entity: string;
  field: string;
}

/** A parent named by an earlier parameter, and the reference that leads to it from its child. */
export interface AddressedParent extends AddressedBy {
  /** The child's `→ Parent` field that the path fills: `article` of `/articles/:slug/comments`. */
  via: string;
}

/**
 * How a call's path finds records: the last parameter addresses the operation's record (for
 * the kinds that act on one), every earlier one a parent, outermost first. Each parent is the
 * record the next one (or the operation's entity) refers to.
 */
export interface PathAddress {
  record?: AddressedBy;
  parents: AddressedParent[];
}

/** A path that cannot address records: which parameter, what is wrong and what to write. */
export interface PathAddressProblem {
  param: string;
  message: string;
  hint: string;
}

const ON_ONE_RECORD = new Set(['get', 'update', 'delete', 'transition', 'history']);
const PARAMETER = /^:([A-Za-z_][A-Za-z0-9_]*)$/;

/** Whether the operation acts on one record that the path's last parameter addresses. */
export const addressesRecord = (operation: ApiOperation): boolean =>
  ON_ONE_RECORD.has(operation.kind) ||
  operation.kind === 'add-me' ||
  operation.kind === 'remove-me' ||
  operation.kind === 'add-link' ||
  operation.kind === 'remove-link';

/** The parameters of a path with the segment before each: `/articles/:slug` → articles, slug. */
export function pathParameters(path: string): { param: string; before: string }[] {
  const segments = path.split('/');
  return segments.flatMap((segment, i) => {
    const match = PARAMETER.exec(segment);
    return match ? [{ param: match[1]!, before: segments[i - 1] ?? '' }] : [];
  });
}

/**
 * Whether a field tells one record from all others: the id, a field `unique` on its own, a
 * slug (unique by nature), or a field numbered in one series (no parent, no date parts).
 */
export function isAddressField(field: Field): boolean {
  if (field.type.kind === 'id') return true;
  return field.rules.some(
    (rule) =>
      (rule.kind === 'unique' && !rule.with?.length) ||
      rule.kind === 'slugFrom' ||
      (rule.kind === 'numbered' && rule.per === undefined && !/\{(?!n+\})/.test(rule.format)),
  );
}

/**
 * Why the field a last parameter names tells no record from all others, in words: missing, or
 * which of its rules lets two records share a value.
 */
function whyNoAddress(entity: Entity, param: string): string {
  const field = entity.fields.find((f) => f.name === param);
  if (!field) return `it has no field \`${param}\``;
  for (const rule of field.rules) {
    if (rule.kind === 'numbered' && rule.per !== undefined)
      return `\`${param}\` is numbered per ${rule.per}, so two records can share a number`;
    if (rule.kind === 'numbered')
      return `\`${param}\` is numbered with date parts (\`${rule.format}\`), each date a series of its own`;
    if (rule.kind === 'unique' && rule.with?.length)
      return `\`${param}\` is unique only with ${rule.with.join(' and ')}`;
  }
  return `\`${param}\` is not unique on its own`;
}

function addressedBy(entity: Entity, param: string): AddressedBy | undefined {
  const field = entity.fields.find((f) => f.name === param);
  return field && isAddressField(field) ? { param, entity: entity.name, field: param } : undefined;
}

const problem = (param: string, message: string, hint: string): PathAddressProblem => ({
  param,
  message,
  hint,
});

/** The parent `child` refers to whose address field is `param`, preferring the path's word. */
function parentOf(
  model: AppModel,
  child: Entity,
  param: string,
  before: string,
): AddressedParent | PathAddressProblem {
  const fits = child.fields.flatMap((field) => {
    const type = field.type;
    if (type.kind !== 'reference') return [];
    const parent = model.entities.find((e) => e.name === type.entity);
    const by = parent && addressedBy(parent, param);
    return by ? [{ ...by, via: field.name, word: [parent.plural, field.name] }] : [];
  });
  const named = fits.filter((f) => f.word.includes(before));
  const chosen = fits.length === 1 ? fits : named;
  const only = chosen.length === 1 ? chosen[0]! : undefined;
  if (only) return { param: only.param, entity: only.entity, field: only.field, via: only.via };
  if (fits.length === 0)
    return problem(
      param,
      `\`:${param}\` addresses no record ${child.name} refers to: none of its references leads to an entity whose \`${param}\` field is unique.`,
      `give ${child.name} a \`→ Parent\` field whose entity has a unique \`${param}\` field, or address the parent by \`:id\``,
    );
  return problem(
    param,
    `\`:${param}\` could address the record of several references of ${child.name}: ${fits.map((f) => f.via).join(', ')}.`,
    `write the segment before \`:${param}\` as the parent's plural or the reference's name`,
  );
}

/**
 * How the path of a call addresses records: its last parameter addresses the operation's record
 * by a field of the same name that tells records apart (`:id`, `:slug`, `:number`), its earlier
 * ones the parents the records belong to. A problem names the parameter that cannot.
 */
export function pathAddress(
  model: AppModel,
  call: { path: string; operation: ApiOperation },
): PathAddress | PathAddressProblem {
  const params = pathParameters(call.path);
  const operation = call.operation;
  const address: PathAddress = { parents: [] };
  if (!('entity' in operation) || params.length === 0) return address;
  let entity = model.entities.find((e) => e.name === operation.entity);
  if (!entity) return address;
  const parents = [...params];
  if (addressesRecord(operation)) {
    const { param } = parents.pop()!;
    const record = addressedBy(entity, param);
    if (!record)
      return problem(
        param,
        `\`:${param}\` cannot address ${withArticle(entity.name)}: ${whyNoAddress(entity, param)}.`,
        'name the parameter after the id (`:id`) or a field that is `unique`, `numbered {n}` or a slug',
      );
    address.record = record;
  }
  for (const { param, before } of parents.reverse()) {
    const parent = parentOf(model, entity, param, before);
    if (!('via' in parent)) return parent;
    address.parents.unshift(parent);
    entity = model.entities.find((e) => e.name === parent.entity)!;
  }
  return address;
}

/** Whether `pathAddress` found a problem rather than an address. */
export const isAddressProblem = (
  found: PathAddress | PathAddressProblem,
): found is PathAddressProblem => 'message' in found;
