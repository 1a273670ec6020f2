import type { CelInput } from '@bufbuild/cel';
import type { AppModel } from '@specrun/model';
import { celDuration, celMoney, celTimestamp } from './cel-values.js';
import { instantMillis, toIsoDate } from './dates.js';
import { decimalText, toDecimal } from './decimal.js';
import { fieldExprType, fieldsOf } from './entity-fields.js';
import { moneyShape, toMoney } from './money.js';
import type { ExprType } from './types.js';

/**
 * A plain JavaScript value as CEL should see it, guided by its static type: records field by
 * field, dates as "YYYY-MM-DD", datetimes (Date or ISO string) as timestamps, money exact.
 */
export function toCel(value: unknown, type: ExprType, model: AppModel): CelInput {
  if (value === null || value === undefined) return null;
  switch (type.kind) {
    case 'record':
      return isPlainObject(value) ? toRecord(value, type.entity, model) : dynamic(value);
    case 'list':
      return Array.isArray(value)
        ? value.map((v) => toCel(v, type.element, model))
        : dynamic(value);
    case 'int':
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
      return typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : dynamic(value);
    case 'double': {
      // A decimal is its exact canonical text, as lowered trees carry decimals (lower.ts).
      const d = toDecimal(value);
      return d ? decimalText(d) : dynamic(value);
    }
    case 'money': {
      const money = toMoney(value, type.currency);
      return money ? celMoney(money) : dynamic(value);
    }
    case 'date':
      return toIsoDate(value) ?? dynamic(value);
    case 'timestamp': {
      const ms = instantMillis(value);
      return Number.isNaN(ms) ? dynamic(value) : celTimestamp(ms);
    }
    case 'duration':
      return typeof value === 'number' ? celDuration(value) : dynamic(value);
    default:
      return dynamic(value);
  }
}

// The fields' types by entity, worked out once per model: records are converted on every call.
const typesByModel = new WeakMap<AppModel, Map<string, ReadonlyMap<string, ExprType>>>();

function fieldTypes(model: AppModel, entity: string): ReadonlyMap<string, ExprType> {
  let byEntity = typesByModel.get(model);
  if (!byEntity) {
    byEntity = new Map();
    typesByModel.set(model, byEntity);
  }
  let types = byEntity.get(entity);
  if (!types) {
    types = new Map(fieldsOf(model, entity).map((f) => [f.name, fieldExprType(model, entity, f)]));
    byEntity.set(entity, types);
  }
  return types;
}

function toRecord(value: Record<string, unknown>, entity: string, model: AppModel): CelInput {
  const types = fieldTypes(model, entity);
  const record = new Map<string, CelInput>();
  for (const key in value) {
    const type = types.get(key);
    record.set(key, type ? toCel(value[key], type, model) : dynamic(value[key]));
  }
  // Every field may be null: one the record does not carry reads as null, not as an error.
  for (const name of types.keys()) if (!record.has(name)) record.set(name, null);
  return record;
}

/** A value of unknown type: Dates are timestamps, `{ amount, currency }` is money. */
export function dynamic(value: unknown): CelInput {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return celTimestamp(value.getTime());
  if (Array.isArray(value)) return value.map(dynamic);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, dynamic(v)]));
  if (isPlainObject(value)) {
    const money = moneyShape(value) && toMoney(value);
    if (money) return celMoney(money);
    return new Map(Object.entries(value).map(([k, v]) => [k, dynamic(v)]));
  }
  return value as CelInput;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
