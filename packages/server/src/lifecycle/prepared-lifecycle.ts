import { analyseExpression, type SqlMapping } from '@specrun/expr';
import {
  fieldCheck,
  inputConditions,
  inputGuardField,
  transitionInputs,
  type AppModel,
  type FieldCheck,
  type Lifecycle,
  type Transition,
} from '@specrun/model';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import { guardScope } from '../expressions/scopes.js';
import type { ReferenceLoading } from './load-references.js';
import { prepareEffects, type PreparedEffect } from './prepare-effects.js';
import { prepareGuard, type PreparedGuard } from './prepare-guard.js';
import { prepareSets, type PreparedSets } from './prepare-sets.js';

/** One row of a lifecycle table, resolved once. */
export interface PreparedRow {
  transition: Transition;
  action: string;
  from: ReadonlySet<string>;
  to: string;
  who: ReadonlySet<string>;
  guard: PreparedGuard;
  sets: PreparedSets;
  /** The code answered when the guard fails. */
  error: string;
  /**
   * What the guard asks of each input on its own (`size(input.reason) >= 5`), as a field's
   * checks: the words of a refusal about that input when the row names no Error.
   */
  inputChecks: ReadonlyMap<string, FieldCheck>;
  /** What the guard's JavaScript parts and the Sets read through references. */
  loading: ReferenceLoading;
}

/** An entity's lifecycle, resolved once. */
export interface PreparedLifecycle {
  lifecycle: Lifecycle;
  /** The entity's field of type `state`. */
  field: string;
  rows: PreparedRow[];
  /** Each action's rows, in table order. */
  rowsByAction: ReadonlyMap<string, PreparedRow[]>;
  /**
   * Each action's inputs and the fields its rows' Sets work out from them: `reason` feeds
   * `rejectionReason`. An input that some row of the action reads without copying it (in its
   * When alone) feeds nothing. The history shows an input only to a reader of every field it
   * feeds.
   */
  inputFeeds: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;
  /**
   * A When or a Sets reads a field of the record that the database works out: the stored record
   * is then read with those values, as a get shows them, for the JavaScript parts to see.
   */
  readsDatabaseValues: boolean;
  /** The effects on other records (`- After cancel: …`) by the action they follow. */
  effects: ReadonlyMap<string, PreparedEffect[]>;
}

/** Whether the lifecycle's expressions read one of the record's database-computed fields. */
function readsDatabaseValues(model: AppModel, prepared: PreparedEntity, lifecycle: Lifecycle) {
  const computed = new Set(prepared.computedInDatabase);
  if (computed.size === 0) return false;
  const scope = guardScope(prepared.entity.name);
  const sources = lifecycle.transitions.flatMap((t) => [
    ...(t.when ? [t.when.source] : []),
    ...t.sets.map((s) => s.value.source),
  ]);
  return sources.some((source) =>
    analyseExpression(source, model, scope).reads.some(
      (r) => (r.root === 'record' || r.root === 'old') && r.depth === 1 && computed.has(r.field),
    ),
  );
}

/**
 * The fields each action's Sets work out from each input, over all the action's rows; an empty
 * set for an input one of its rows reads and does not copy, since an entry does not say which
 * row was taken.
 */
function inputFeedsOf(rows: readonly PreparedRow[]) {
  const feeds = new Map<string, Map<string, Set<string>>>();
  const unfed = new Map<string, Set<string>>();
  for (const row of rows) {
    const byInput = feeds.get(row.action) ?? new Map<string, Set<string>>();
    feeds.set(row.action, byInput);
    const copied = new Set<string>();
    for (const { field, inputs } of row.sets.assignments)
      for (const name of inputs) {
        byInput.set(name, (byInput.get(name) ?? new Set()).add(field));
        copied.add(name);
      }
    const read = row.guard.js.flatMap((c) => c.inputs).filter((name) => !copied.has(name));
    unfed.set(row.action, new Set([...(unfed.get(row.action) ?? []), ...read]));
  }
  for (const [action, names] of unfed)
    for (const name of names) feeds.get(action)!.set(name, new Set());
  return feeds;
}

/** Where the records a row's expressions read through references come from. */
export type ReferenceSources = Pick<ReferenceLoading, 'tables' | 'valuesOf'>;

function prepareRow(
  model: AppModel,
  prepared: PreparedEntity,
  sources: ReferenceSources,
  mapping: SqlMapping,
  transition: Transition,
): PreparedRow {
  const entity = prepared.entity.name;
  const guard = prepareGuard(model, entity, transition, mapping);
  const sets = prepareSets(model, prepared, transition);
  return {
    transition,
    action: transition.action,
    from: new Set(transition.from),
    to: transition.to,
    who: new Set(transition.who),
    guard,
    sets,
    error: transition.error ?? 'TRANSITION_NOT_ALLOWED',
    inputChecks: guardInputChecks(model, entity, transition),
    loading: {
      model,
      ...sources,
      follows: new Set([...guard.follows, ...sets.follows]),
      depth: Math.max(guard.depth, sets.depth),
    },
  };
}

/** The checks of what a row's guard asks of each input on its own (see inputConditions). */
function guardInputChecks(
  model: AppModel,
  entity: string,
  transition: Transition,
): Map<string, FieldCheck> {
  const conditions = inputConditions(model, transition);
  const inputs = transitionInputs(model, entity, [transition]);
  const checks = new Map<string, FieldCheck>();
  for (const { input } of conditions) {
    if (checks.has(input)) continue;
    const type = inputs.find((i) => i.name === input)?.field?.type;
    checks.set(input, fieldCheck(model, inputGuardField(input, conditions, type)));
  }
  return checks;
}

/** Resolves an entity's lifecycle: guards compiled, Sets checked. Throws when a row cannot run. */
export function prepareLifecycle(
  model: AppModel,
  lifecycle: Lifecycle,
  prepared: PreparedEntity,
  sources: ReferenceSources,
  mapping: SqlMapping,
): PreparedLifecycle {
  const rows = lifecycle.transitions.map((t) => prepareRow(model, prepared, sources, mapping, t));
  const rowsByAction = new Map<string, PreparedRow[]>();
  for (const row of rows)
    rowsByAction.set(row.action, [...(rowsByAction.get(row.action) ?? []), row]);
  return {
    lifecycle,
    field: lifecycle.field,
    rows,
    rowsByAction,
    inputFeeds: inputFeedsOf(rows),
    readsDatabaseValues: readsDatabaseValues(model, prepared, lifecycle),
    effects: prepareEffects(model, lifecycle, sources, mapping),
  };
}
