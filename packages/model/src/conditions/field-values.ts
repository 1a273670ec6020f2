import type { AppModel } from '../app-model.js';
import { matchingRows } from '../access/matching-rows.js';
import { conditionParts, recordField, type ConditionPart, type Token } from './condition-parts.js';

/** The value of an empty field in a ValueSet (`record.assignee == null`). */
export const EMPTY_VALUE = '\u0000null';
/** The caller's own id in a ValueSet (`record.assignee == user.id`). */
export const CALLER_VALUE = '\u0000user';

/**
 * The values a field may have: `only` these, or any `except` these. Values are as the API takes
 * them in `field=value` (`open`, `true`, an id), with EMPTY_VALUE and CALLER_VALUE.
 */
export type ValueSet =
  { kind: 'only'; values: ReadonlySet<string> } | { kind: 'except'; values: ReadonlySet<string> };

export const ANY_VALUE: ValueSet = { kind: 'except', values: new Set() };
const only = (values: Iterable<string>): ValueSet => ({ kind: 'only', values: new Set(values) });
const except = (values: Iterable<string>): ValueSet => ({
  kind: 'except',
  values: new Set(values),
});

/** Whether a value is among those of the set. */
export function holdsValue(set: ValueSet, value: string): boolean {
  return set.kind === 'only' ? set.values.has(value) : !set.values.has(value);
}

export function bothValues(a: ValueSet, b: ValueSet): ValueSet {
  if (a.kind === 'only') return only([...a.values].filter((v) => holdsValue(b, v)));
  if (b.kind === 'only') return bothValues(b, a);
  return except([...a.values, ...b.values]);
}

export function eitherValues(a: ValueSet, b: ValueSet): ValueSet {
  if (a.kind === 'only' && b.kind === 'only') return only([...a.values, ...b.values]);
  if (a.kind === 'only') return eitherValues(b, a);
  // a is `except`: what it leaves out, unless b has it.
  return except([...a.values].filter((v) => !holdsValue(b, v)));
}

const negated = (set: ValueSet): ValueSet =>
  set.kind === 'only' ? except(set.values) : only(set.values);

/** A literal as a value of the set: a string, `null`, `true`/`false`, a number, `user.id`. */
function valueOf(list: readonly Token[]): string | undefined {
  if (list.length === 1) {
    const [t] = list;
    if (t!.kind === 'string' || t!.kind === 'number') return t!.text;
    if (t!.kind === 'word' && ['true', 'false'].includes(t!.text)) return t!.text;
    if (t!.kind === 'word' && t!.text === 'null') return EMPTY_VALUE;
  }
  const [a, dot, b] = list;
  if (list.length === 3 && a?.text === 'user' && dot?.text === '.' && b?.text === 'id')
    return CALLER_VALUE;
  return undefined;
}

/** The literals of a list `[a, b]`, or undefined when one is not a literal. */
function listValues(list: readonly Token[]): string[] | undefined {
  if (list[0]?.text !== '[' || list.at(-1)?.text !== ']') return undefined;
  const inner = list.slice(1, -1);
  if (inner.length === 0) return [];
  const items: Token[][] = [[]];
  for (const t of inner) {
    if (t.kind === 'op' && t.text === ',') items.push([]);
    else items.at(-1)!.push(t);
  }
  const values = items.map(valueOf);
  return values.every((v) => v !== undefined) ? (values as string[]) : undefined;
}

/** What a comparison says of the field: its values exactly, or nothing (undefined). */
function atomValues(list: readonly Token[], field: string): ValueSet | undefined {
  const at = (tokens: readonly Token[]) => {
    const read = recordField(tokens);
    return read?.field === field ? read.rest : undefined;
  };
  const own = at(list);
  if (own?.length === 0) return only(['true']);
  if (own && own[0]?.kind === 'op') {
    const [op, ...value] = own;
    const v = valueOf(value);
    if (v !== undefined && op!.text === '==') return only([v]);
    if (v !== undefined && op!.text === '!=') return except([v]);
    return undefined;
  }
  if (own?.[0]?.kind === 'word' && own[0].text === 'in') {
    const values = listValues(own.slice(1));
    return values && only(values);
  }
  // The value first: `"open" == record.status`.
  const eq = list.findIndex((t) => t.kind === 'op' && (t.text === '==' || t.text === '!='));
  if (eq > 0 && at(list.slice(eq + 1))?.length === 0) {
    const v = valueOf(list.slice(0, eq));
    if (v === undefined) return undefined;
    return list[eq]!.text === '==' ? only([v]) : except([v]);
  }
  return undefined;
}

/**
 * What a part says of the field: `values`, an over-approximation of those for which it can
 * hold, `exact` when it holds for exactly them whatever else the record or caller has (so that
 * its negation can be read too).
 */
function partValues(part: ConditionPart, field: string): { values: ValueSet; exact: boolean } {
  switch (part.kind) {
    case 'atom': {
      const values = atomValues(part.tokens, field);
      return values ? { values, exact: true } : { values: ANY_VALUE, exact: false };
    }
    case 'not': {
      const inner = partValues(part.part, field);
      // What an inexact part keeps is more than it holds for: its negation may keep any value.
      return inner.exact
        ? { values: negated(inner.values), exact: true }
        : { values: ANY_VALUE, exact: false };
    }
    case 'and':
    case 'or': {
      const each = part.parts.map((p) => partValues(p, field));
      const join = part.kind === 'and' ? bothValues : eitherValues;
      return {
        values: each.map((e) => e.values).reduce(join),
        exact: each.every((e) => e.exact),
      };
    }
  }
}

/**
 * The values of `record.<field>` for which the condition can hold: a record with any other is
 * sure to fail it. Read from the condition's `==`, `!=`, `in [...]` and bare booleans joined by
 * `&&`, `||` and `!`; whatever else it says is taken to hold for any value, so this never leaves
 * out a value the condition could keep.
 */
export function conditionValues(source: string, field: string): ValueSet {
  return partValues(conditionParts(source), field).values;
}

/**
 * The values of a field on the records the caller's roles may read: the union over section 6's
 * read rows for them (see conditionValues), any value when one row allows outright, none when
 * no row does.
 */
export function readableValues(
  model: AppModel,
  roles: readonly string[],
  entity: string,
  field: string,
): ValueSet {
  const rows = matchingRows(model.permissions, roles, entity, 'read');
  let values: ValueSet = only([]);
  for (const row of rows) {
    if (row.allowed.kind === 'yes') return ANY_VALUE;
    if (row.allowed.kind === 'when')
      values = eitherValues(values, conditionValues(row.allowed.condition.source, field));
  }
  return values;
}
