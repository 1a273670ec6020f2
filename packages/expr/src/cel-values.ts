import { isCelList, isCelMap, isCelType, isCelUint, type CelInput } from '@bufbuild/cel';
import { isReflectMessage } from '@bufbuild/protobuf/reflect';
import {
  DurationSchema,
  durationFromMs,
  durationMs,
  TimestampSchema,
  timestampFromMs,
  timestampMs,
  type Duration,
  type Timestamp,
} from '@bufbuild/protobuf/wkt';
import { moneyShape, moneyValue, toMoney, type Money } from './money.js';

/** A CEL timestamp at that many milliseconds since the epoch. */
export function celTimestamp(ms: number): CelInput {
  return timestampFromMs(ms);
}

/** A CEL duration of that many milliseconds. */
export function celDuration(ms: number): CelInput {
  return durationFromMs(ms);
}

/** Money as CEL carries it: a map of `amount` and `currency`, both strings. */
export function celMoney(m: Money): CelInput {
  const { amount, currency } = moneyValue(m);
  return new Map<string, CelInput>([
    ['amount', amount],
    ['currency', currency],
  ]);
}

/** Milliseconds of a CEL timestamp value, if it is one. */
export function timestampMillis(value: unknown): number | undefined {
  return isReflectMessage(value, TimestampSchema)
    ? timestampMs(value.message as Timestamp)
    : undefined;
}

/** Milliseconds of a CEL duration value, if it is one. */
export function durationMillis(value: unknown): number | undefined {
  return isReflectMessage(value, DurationSchema)
    ? durationMs(value.message as Duration)
    : undefined;
}

/**
 * A CEL value as plain JavaScript: ints become numbers (bigints beyond 2^53), timestamps Dates,
 * durations milliseconds, money `{ amount, currency }`, lists arrays, maps objects.
 */
export function fromCel(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  if (isCelUint(value)) return fromCel(value.value);
  if (isCelList(value)) return [...value].map(fromCel);
  if (isCelMap(value)) {
    const money = moneyShape(value) && toMoney(value);
    if (money) return moneyValue(money);
    return Object.fromEntries([...value].map(([k, v]) => [String(k), fromCel(v)]));
  }
  const ms = timestampMillis(value);
  if (ms !== undefined) return new Date(ms);
  const duration = durationMillis(value);
  if (duration !== undefined) return duration;
  if (isCelType(value)) return String(value);
  return value;
}
