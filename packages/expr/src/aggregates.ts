import type { ExprType } from './types.js';

/** The aggregates beside count(): `sum(Entity, r, value, condition)` and its kin. */
export const AGGREGATES = ['sum', 'min', 'max', 'avg'] as const;

export type Aggregate = (typeof AGGREGATES)[number];

/** True for `sum`, `min`, `max` and `avg`. */
export function isAggregate(name: string): name is Aggregate {
  return (AGGREGATES as readonly string[]).includes(name);
}

/** The kinds of value each aggregate takes, as the reference lists them. */
const TAKES: Record<Aggregate, readonly ExprType['kind'][]> = {
  sum: ['int', 'double', 'money', 'duration'],
  min: ['int', 'double', 'money', 'duration', 'date', 'timestamp', 'string'],
  max: ['int', 'double', 'money', 'duration', 'date', 'timestamp', 'string'],
  avg: ['int', 'double'],
};

/** What each aggregate takes, in words, for the message that refuses anything else. */
export const AGGREGATE_TAKES: Record<Aggregate, string> = {
  sum: 'integers, decimals, money or durations',
  min: 'numbers, money, durations, dates, datetimes or text',
  max: 'numbers, money, durations, dates, datetimes or text',
  avg: 'integers or decimals',
};

/**
 * The type of an aggregate of values of type `value`, or undefined when it does not take them.
 * A sum keeps its values' type (money its currency); an average of numbers is a decimal.
 */
export function aggregateType(fn: Aggregate, value: ExprType): ExprType | undefined {
  if (value.kind === 'dyn') return fn === 'avg' ? { kind: 'double' } : value;
  if (!TAKES[fn].includes(value.kind)) return undefined;
  return fn === 'avg' ? { kind: 'double' } : value;
}
