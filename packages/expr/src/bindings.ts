import type { CelInput } from '@bufbuild/cel';
import type { AppModel } from '@specrun/model';
import { celDuration, celMoney, celTimestamp } from './cel-values.js';
import { constantValues } from './constants.js';
import { decimalText, toDecimal } from './decimal.js';
import { toMoney } from './money.js';
import type { ExprScope } from './scope.js';
import { dynamic, toCel } from './to-cel.js';

/** The scope evaluate assumes without one: whatever is bound, of unknown type. */
export function scopeOfBindings(bindings: Record<string, unknown>): ExprScope {
  const dynamicNames = ['record', 'old'].filter((name) => name in bindings);
  return { hasUser: 'user' in bindings, hasInput: 'input' in bindings, dynamic: dynamicNames };
}

/** The constants as CEL values: worked out once per model, copied into each evaluation. */
const constantsByModel = new WeakMap<AppModel, Record<string, CelInput>>();

function celConstants(model: AppModel): Record<string, CelInput> {
  let out = constantsByModel.get(model);
  if (out) return out;
  out = {};
  for (const [name, value] of constantValues(model)) {
    if (value.kind === 'number')
      out[name] = Number.isInteger(value.value)
        ? BigInt(value.value)
        : decimalText(toDecimal(value.value)!);
    else if (value.kind === 'duration') out[name] = celDuration(value.milliseconds);
    else if (value.kind === 'money') out[name] = celMoney(toMoney(value.amount, value.currency)!);
    else out[name] = value.value;
  }
  constantsByModel.set(model, out);
  return out;
}

/** The CEL variables of one evaluation: scope names, `now` and every constant. */
export function celBindings(
  model: AppModel,
  scope: ExprScope,
  bindings: Record<string, unknown>,
  nowMs: number,
): Record<string, CelInput> {
  // The constants stay on the prototype: CEL reads names with `data[name]`, so they are found
  // without being copied into every evaluation.
  const out = Object.create(celConstants(model)) as Record<string, CelInput>;
  out.now = celTimestamp(nowMs);
  const asRecord = (value: unknown, entity: string) =>
    toCel(value, { kind: 'record', entity }, model);
  if (scope.hasUser !== false) out.user = asRecord(bindings.user, 'User');
  if (scope.hasInput) out.input = dynamic(bindings.input ?? {});
  if (scope.entity !== undefined) {
    out.record = asRecord(bindings.record, scope.entity);
    if (scope.hasOld) out.old = asRecord(bindings.old, scope.entity);
  }
  for (const [name, entity] of Object.entries(scope.variables ?? {}))
    out[name] = asRecord(bindings[name], entity);
  for (const name of scope.dynamic ?? []) out[name] = dynamic(bindings[name]);
  for (const name of scope.texts ?? []) out[name] = String(bindings[name] ?? '');
  return out;
}
