import { celMap, isCelError, plan, type CelEnv, type CelInput } from '@bufbuild/cel';
import type { AppModel } from '@specrun/model';
import { celDuration, celMoney } from './cel-values.js';
import type { CountSite } from './lower.js';
import { minorUnitDigits } from './money.js';
import { toCel } from './to-cel.js';

/** How evaluate asks the caller to count records: `predicate` tests one stored record. */
export type CountRecords = (entity: string, predicate: (record: unknown) => boolean) => number;

/** The language's operators as lowered trees call them (sr_op): `op('+', 'int', 'int', a, b)`. */
export type Operator = (
  symbol: string,
  leftTag: string,
  rightTag: string,
  a: unknown,
  b: unknown,
) => CelInput;

/** A thrown CEL error, with its message, for evaluate() to answer as ExprEvaluationError. */
export class SiteError extends Error {}

/**
 * Asks the caller's `count` for the records of a site's entity, testing each with the site's
 * condition (the outer names inherited, the variable bound to the record); `matched` is told of
 * each record that satisfies it, with the names the value of an aggregate is read under.
 */
export function countRecords(
  model: AppModel,
  site: CountSite,
  count: unknown,
  stack: Record<string, CelInput>[],
  env: () => CelEnv,
  matched?: (scope: Record<string, CelInput>) => void,
): number {
  if (typeof count !== 'function')
    throw new Error('count() needs a `count` function in the bindings');
  const outer = stack[stack.length - 1]!;
  const condition = plan(env(), site.condition);
  const predicate = (record: unknown): boolean => {
    // The outer names (constants among them) are inherited, not copied.
    const inner = Object.create(outer) as Record<string, CelInput>;
    inner[site.variable] = toCel(record, { kind: 'record', entity: site.entity }, model);
    stack.push(inner);
    try {
      const result = condition(inner);
      if (isCelError(result)) throw new SiteError(result.message);
      if (result === true) matched?.(inner);
      return result === true;
    } finally {
      stack.pop();
    }
  };
  const n = (count as CountRecords)(site.entity, predicate);
  if (!Number.isInteger(n)) throw new Error('count() must answer an integer');
  return n;
}

/**
 * An aggregate worked out as the database works it out (compile-aggregate.ts): the values of the
 * records that satisfy the condition, empty ones left out, summed, compared or averaged by the
 * language's own operators. A sum of nothing is 0 of its type; min, max and avg of nothing null.
 */
export function aggregateSite(
  model: AppModel,
  site: CountSite,
  count: unknown,
  stack: Record<string, CelInput>[],
  env: () => CelEnv,
  op: Operator,
): CelInput {
  const { fn, value, tag } = site.aggregate!;
  const read = plan(env(), value);
  const values: CelInput[] = [];
  countRecords(model, site, count, stack, env, (scope) => {
    const v = read(scope);
    if (isCelError(v)) throw new SiteError(v.message);
    if (v !== null && v !== undefined) values.push(v as CelInput);
  });
  // The operators answer money as a plain map: made a CEL value again, it is read as money.
  const of = (v: CelInput): CelInput => (v instanceof Map ? celMap(v) : v);
  const [first, ...rest] = values;
  if (first === undefined) return fn === 'sum' ? zeroOf(tag, model) : null;
  if (fn === 'min' || fn === 'max') {
    const better = fn === 'min' ? '<' : '>';
    return rest.reduce((best, v) => (op(better, tag, tag, v, best) === true ? v : best), first);
  }
  const total = rest.reduce((sum, v) => of(op('+', tag, tag, sum, v)), first);
  if (fn === 'sum') return total;
  // An average is a decimal: an integer total is read as one, then divided as decimals are.
  const exact = tag === 'int' ? String(total) : total;
  return op('/', 'double', 'int', exact, BigInt(values.length));
}

/** Zero of a sum's type: 0, "0" (a decimal), no time, or no money in the value's currency. */
function zeroOf(tag: string, model: AppModel): CelInput {
  if (tag === 'int') return 0n;
  if (tag === 'duration') return celDuration(0);
  if (tag.startsWith('money:')) {
    const currency = tag.slice('money:'.length) || model.properties.currency || '';
    return celMap(
      celMoney({ units: 0n, scale: minorUnitDigits(currency), currency }) as Map<string, CelInput>,
    );
  }
  return '0';
}
