import { ENGINE_LIMITS } from '@specrun/model';
import type { AppModel, ConstantValue } from '@specrun/model';
import type { ExprType } from './types.js';

// Every expression typed or compiled starts from every constant: they are gathered once per
// model, which must not change once asked about.
const valuesByModel = new WeakMap<AppModel, ReadonlyMap<string, ConstantValue>>();

/** Every constant by name: the spec's own, then the engine's limits it does not set. */
export function constantValues(model: AppModel): ReadonlyMap<string, ConstantValue> {
  const known = valuesByModel.get(model);
  if (known) return known;
  const values = new Map<string, ConstantValue>();
  for (const constant of model.constants) values.set(constant.name, constant.value);
  for (const [name, limit] of Object.entries(ENGINE_LIMITS)) {
    if (!values.has(name)) values.set(name, limit.value);
  }
  valuesByModel.set(model, values);
  return values;
}

/** The type of a constant's value: integral numbers are ints, others doubles. */
export function constantType(value: ConstantValue): ExprType {
  switch (value.kind) {
    case 'number':
      return Number.isInteger(value.value) ? { kind: 'int' } : { kind: 'double' };
    case 'string':
      return { kind: 'string' };
    case 'boolean':
      return { kind: 'bool' };
    case 'duration':
      return { kind: 'duration' };
    case 'money':
      return { kind: 'money', currency: value.currency };
  }
}
