import { checkFields } from '@specrun/model';
import { checkInDatabase } from '../operations/check-in-database.js';
import { checkKeptFiles } from '../operations/kept-files.js';
import type { PreparedApp } from '../app/prepared-app.js';
import { checkSettings } from '../operations/check-settings.js';
import type { OperationContext } from '../operations/operation-context.js';
import { referenceReader } from '../operations/reference-reader.js';
import type { PreparedEntity } from '../operations/prepared-entity.js';
import { validationError } from '../operations/validation-error.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';
import { evaluationValues, type ExpressionBindings } from './js-conditions.js';
import type { PreparedSets } from './prepare-sets.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An evaluated value in wire form: instants as ISO text, money as its amount, and a reference
 * read through a loaded record (`record.book.owner`), which evaluates to that record, as its id.
 * One that cannot be evaluated is empty, as a default would be.
 */
export function assignedValue(evaluated: () => unknown, reference: boolean): unknown {
  let value: unknown;
  try {
    value = evaluated();
  } catch {
    return null;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value ?? null;
  if (reference && 'id' in value) return value.id;
  return 'amount' in value && 'currency' in value ? value.amount : value;
}

/**
 * The changes a row's Sets make, all worked out from the record before the transition, then
 * checked like an update's: the type, required and section 3 rules of every field whose value
 * changes, and in the database the references (they must exist, and when worked out from the
 * caller's input, be records the caller may read) and `unique`. Problems answer VALIDATION_FAILED
 * naming the fields, or the inputs copied to them. Section 5 rules do not run: a transition is checked by its own When
 * (section 4).
 */
export async function setsChanges(
  setup: PreparedApp,
  prepared: PreparedEntity,
  sets: PreparedSets,
  bindings: ExpressionBindings,
  stored: WireRecord,
  db: Db,
  ctx: OperationContext,
): Promise<WireRecord> {
  // A row without Sets changes only the state: nothing to work out, nothing to check.
  if (sets.assignments.length === 0) return {};
  const values = evaluationValues(bindings);
  const assigned: WireRecord = {};
  for (const { field, evaluate } of sets.assignments) {
    const reference = prepared.fields.get(field)?.field.type.kind === 'reference';
    assigned[field] = assignedValue(() => evaluate(values), reference);
  }
  const changed = Object.keys(assigned).filter((name) => !same(assigned[name], stored[name]));
  const checked = checkFields(prepared, assigned, changed, checkSettings(setup, bindings.now));
  checkKeptFiles(prepared, checked, stored);
  const id = stored.id as string;
  const chosen = sets.assignments.filter((a) => a.inputs.length > 0).map((a) => a.field);
  const reader = referenceReader(ctx, chosen);
  const inDb = await checkInDatabase(db, prepared, setup.tables, checked.values, {
    self: id,
    reader,
  });
  const problems = new Map([...checked.problems, ...inDb]);
  const error = validationError(setup.catalogue, atInputs(problems, sets), []);
  if (error) throw error;
  return checked.values;
}

/**
 * The problems at the names the caller knows: a field whose Sets copies an input as it is
 * (`cancelReason = input.reason`) is reported at that input (`reason`), the box they typed in.
 */
function atInputs(problems: ReadonlyMap<string, string>, sets: PreparedSets): Map<string, string> {
  const out = new Map<string, string>();
  for (const [field, reason] of problems) {
    const copied = sets.assignments.find(
      (a) =>
        a.field === field && a.inputs.length === 1 && a.source.trim() === `input.${a.inputs[0]}`,
    );
    out.set(copied ? copied.inputs[0]! : field, reason);
  }
  return out;
}
