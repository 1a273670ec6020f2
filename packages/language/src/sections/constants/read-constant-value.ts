import type { ConstantValue } from '@specrun/model';
import { isCurrency } from '../product/read-product.js';
import { codesOf, type Cell } from '../tables/read-cell.js';

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};
const DURATION = /^(?:\d+(?:\.\d+)?\s*(?:ms|s|m|h|d|w)\s*)+$/;

/** The milliseconds of a duration such as `72h`, `15m`, `1h30m`; undefined when it is none. */
export function durationMs(text: string): number | undefined {
  if (!DURATION.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)/g))
    total += Number(amount) * UNIT_MS[unit!]!;
  return total;
}

/** Reads a Value cell: a number, a boolean, a duration, money (`12.50 EUR`) or a string. */
export function readConstantValue(cell: Cell): ConstantValue {
  const code = codesOf(cell)[0];
  if (code && cell.segments.every((s) => s.kind === 'code' || s.value.trim() === ''))
    return { kind: 'string', value: code.value };
  const text = cell.text;
  if (/^-?\d[\d_]*(?:\.\d+)?$/.test(text))
    return { kind: 'number', value: Number(text.replaceAll('_', '')) };
  if (/^(?:true|false)$/i.test(text))
    return { kind: 'boolean', value: text.toLowerCase() === 'true' };
  const milliseconds = durationMs(text);
  if (milliseconds !== undefined) return { kind: 'duration', milliseconds, source: text };
  const money = /^(-?\d+(?:\.\d+)?)\s+([A-Z]{3})$/.exec(text);
  if (money && isCurrency(money[2]!))
    return { kind: 'money', amount: money[1]!, currency: money[2]! };
  const quoted = /^(["'“])(.*)(["'”])$/.exec(text);
  return { kind: 'string', value: quoted ? quoted[2]! : text };
}
