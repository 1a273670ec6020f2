import {
  ENGINE_FIELDS,
  fieldCheck,
  isSettable,
  type AppModel,
  type Entity,
  type Field,
  type FieldCheck,
} from '@specrun/model';
import type { Db } from '../store/db-type.js';
import type { EntityTable } from '../store/entity-tables.js';
import type { WireRecord } from '../store/record-codec.js';
import type { OperationContext } from './operation-context.js';
import { compileRules, type PreparedRule } from '../rules/compile-rules.js';
import { computedNeedingDatabase, type SqlMapping } from '@specrun/expr';
import type { CountPin } from '../rules/count-pins.js';
import type { PreparedLifecycle } from '../lifecycle/prepared-lifecycle.js';
import { prepareValue, type ValueOf } from '../expressions/value-of.js';
import { prepareDatabaseValues, type DatabaseValues } from './database-values.js';
import { prepareInitialChoices, type PreparedInitialChoice } from './initial-state.js';
import { numberedFields, type NumberedField } from './number-record.js';
import { slugFields, type SlugField } from './slug-fields.js';

/** A field with what checking its values needs (the checks shared with the web), worked out once. */
export interface PreparedField extends FieldCheck {
  /** A caller or a default gives it a value: not the engine's, computed nor a state. */
  input: boolean;
  /** A caller may ever set it: an input field that is not read-only. */
  settable: boolean;
  /**
   * The `computed` value worked out in JavaScript from the record and `now` (and stored), for the
   * few the database cannot work out: see withComputedColumns in @specrun/expr.
   */
  computed?: ValueOf;
  /** The default given by an expression (from `user`, `now`, the payload), when there is one. */
  defaultValue?: ValueOf;
}

/** The effects a create runs (`- After create:`), in its transaction, on the record it stored. */
export interface AfterCreate {
  /** Before the transaction: what the records the effects create need of the store. */
  prepareStore(): Promise<void>;
  run(db: Db, ctx: OperationContext, record: WireRecord, input: WireRecord): Promise<void>;
}

/** Everything the operations need about one entity, resolved at start. */
export interface PreparedEntity {
  entity: Entity;
  table: EntityTable;
  fields: ReadonlyMap<string, PreparedField>;
  /** The fields with a `computed` expression worked out in JavaScript, on every read and write. */
  computed: readonly PreparedField[];
  /**
   * The computed fields the database works out, in the statement that reads the record: every
   * one that compiles to SQL (see withComputedColumns in @specrun/expr).
   */
  computedInDatabase: readonly string[];
  /** Their SQL for one request, to select (and filter and sort by) in place of their columns. */
  databaseValues: DatabaseValues;
  /**
   * The state field and the state a new record starts in; `choices`, the data-dependent initial
   * states (`waitlisted when …`), asked first.
   */
  state?: { field: string; initial: string; choices: PreparedInitialChoice[] };
  /** The fields the engine numbers at create. */
  numbered: NumberedField[];
  /** Its `slug from` fields, which the engine derives (see slug-fields.ts). */
  slugs: SlugField[];
  rules: PreparedRule[];
  /**
   * The counts of the rules run on create, update and delete (and, on create, of the initial
   * state's conditions), for the write's turn (see turnKeys).
   */
  countsOn: Record<'create' | 'update' | 'delete', CountPin[]>;
  /** Section 4's lifecycle of the entity, when it has one. */
  lifecycle?: PreparedLifecycle;
  /** Its `- After create:` effects, when it has some (set by prepareApp: see after-create.ts). */
  afterCreate?: AfterCreate;
}

function prepareField(
  model: AppModel,
  entity: string,
  field: Field,
  inDatabase: ReadonlySet<string>,
): PreparedField {
  const computed = field.rules.find((r) => r.kind === 'computed');
  // A numbered field or a slug is given its value by the engine, like a state.
  const numbered = field.rules.some((r) => r.kind === 'numbered' || r.kind === 'slugFrom');
  const input =
    !ENGINE_FIELDS.has(field.name) &&
    !computed &&
    !numbered &&
    !['state', 'id'].includes(field.type.kind);
  const settable = isSettable(field);
  const prepared: PreparedField = { ...fieldCheck(model, field), input, settable };
  const where = `${entity}.${field.name}`;
  if (computed?.kind === 'computed' && !inDatabase.has(where))
    prepared.computed = valueAtStart(where, computed.expression.source, model, {
      entity,
      hasUser: false,
    });
  if (field.default?.kind === 'expression')
    prepared.defaultValue = valueAtStart(where, field.default.expression.source, model, {
      hasUser: true,
      hasInput: true,
    });
  return prepared;
}

function valueAtStart(where: string, ...args: Parameters<typeof prepareValue>): ValueOf {
  try {
    return prepareValue(...args);
  } catch (error) {
    throw new Error(
      `The value of ${where}, \`${args[0]}\`, cannot run: ${(error as Error).message}`,
    );
  }
}

/** Resolves one entity: its fields, state, and compiled validation rules. */
export function prepareEntity(
  model: AppModel,
  entity: Entity,
  table: EntityTable,
  mapping: SqlMapping,
): PreparedEntity {
  const inDatabase = mapping.computedInDatabase ?? computedNeedingDatabase(model);
  const fields = new Map(
    entity.fields.map((f) => [f.name, prepareField(model, entity.name, f, inDatabase)]),
  );
  const lifecycle = model.lifecycles.find((l) => l.entity === entity.name);
  const rules = compileRules(model, entity.name, mapping);
  const countsOn = (trigger: 'create' | 'update' | 'delete') =>
    rules.filter((r) => r.on.includes(trigger)).flatMap((r) => r.pins);
  const choices = lifecycle ? prepareInitialChoices(model, lifecycle, mapping) : [];
  const inDatabaseHere = entity.fields
    .filter((f) => inDatabase.has(`${entity.name}.${f.name}`))
    .map((f) => f.name);
  const prepared: PreparedEntity = {
    entity,
    table,
    fields,
    computed: [...fields.values()].filter((p) => p.computed !== undefined),
    computedInDatabase: inDatabaseHere,
    databaseValues: prepareDatabaseValues(model, entity.name, table, mapping, inDatabaseHere),
    numbered: numberedFields(entity),
    slugs: slugFields(entity),
    rules,
    countsOn: {
      create: [...countsOn('create'), ...choices.flatMap((c) => c.pins)],
      update: countsOn('update'),
      delete: countsOn('delete'),
    },
  };
  if (lifecycle) prepared.state = { field: lifecycle.field, initial: lifecycle.initial, choices };
  // Compiled now, as the list reads them, so a value that cannot run stops the start.
  for (const name of prepared.computedInDatabase) {
    try {
      mapping.column(entity.name, name)?.computed?.(table.table);
    } catch (error) {
      throw new Error(
        `The value of ${entity.name}.${name} cannot run: ${(error as Error).message}`,
      );
    }
  }
  return prepared;
}
