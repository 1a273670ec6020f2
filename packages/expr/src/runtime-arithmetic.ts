import { startOfDate } from '@specrun/model';
import { DAY_MS, dateToDays, daysToDate } from './dates.js';
import { decimalArithmetic } from './decimal.js';
import { addMoney, divideMoney, multiplyMoney, subtractMoney } from './money.js';
import { decimalOf, type Operand } from './operands.js';

/** The result of `+ - * / %`, null when either side is null, or undefined to let CEL's own try. */
export function arithmetic(
  op: string,
  a: Operand,
  b: Operand,
  timeZone?: string,
): Operand | undefined {
  if (a.k === 'null' || b.k === 'null') return { k: 'null' };
  if (a.k === 'int' && b.k === 'int') return integer(op, a.v, b.v);
  const x = decimalOf(a);
  const y = decimalOf(b);
  if (x && y) {
    const d = decimalArithmetic(op, x, y);
    return d && { k: 'decimal', d };
  }
  const pair = `${a.k} ${op} ${b.k}`;
  const ms = (o: Operand) => (o.k === 'timestamp' || o.k === 'duration' ? o.ms : 0);
  const startOf = (o: Operand) => (o.k === 'date' ? startOfDate(o.date, timeZone) : ms(o));
  const days = (o: Operand) => (o.k === 'date' ? dateToDays(o.date) : Math.trunc(ms(o) / DAY_MS));
  switch (pair) {
    case 'string + string':
      return { k: 'string', v: `${(a as { v: string }).v}${(b as { v: string }).v}` };
    case 'timestamp + duration':
    case 'duration + timestamp':
    case 'timestamp - duration':
      return { k: 'timestamp', ms: op === '-' ? ms(a) - ms(b) : ms(a) + ms(b) };
    case 'duration + duration':
    case 'duration - duration':
    case 'timestamp - timestamp':
      return { k: 'duration', ms: op === '-' ? ms(a) - ms(b) : ms(a) + ms(b) };
    case 'date - date':
      return { k: 'duration', ms: (days(a) - days(b)) * DAY_MS };
    case 'date - timestamp':
    case 'timestamp - date':
      return { k: 'duration', ms: startOf(a) - startOf(b) };
    case 'date + duration':
    case 'duration + date':
      return { k: 'date', date: daysToDate(days(a) + days(b)) };
    case 'date - duration':
      return { k: 'date', date: daysToDate(days(a) - days(b)) };
  }
  return money(op, a, b);
}

/** Unary minus. */
export function negate(a: Operand): Operand | undefined {
  switch (a.k) {
    case 'int':
      return { k: 'int', v: -a.v };
    case 'decimal':
      return { k: 'decimal', d: { ...a.d, units: -a.d.units } };
    case 'duration':
      return { k: 'duration', ms: -a.ms };
    case 'money':
      return { k: 'money', m: { ...a.m, units: -a.m.units } };
    case 'null':
      return a;
    default:
      return undefined;
  }
}

/**
 * Money plus or minus money, exactly; money times a number (either side) or divided by one,
 * rounded half to even to the currency's minor unit. A number is read as its exact decimal.
 */
function money(op: string, a: Operand, b: Operand): Operand | undefined {
  if (a.k === 'money' && b.k === 'money') {
    if (op === '+') return { k: 'money', m: addMoney(a.m, b.m) };
    if (op === '-') return { k: 'money', m: subtractMoney(a.m, b.m) };
    return undefined;
  }
  if (op !== '*' && op !== '/') return undefined;
  const [m, factor] = a.k === 'money' || op === '/' ? [a, b] : [b, a];
  const d = decimalOf(factor);
  if (m.k !== 'money' || !d) return undefined;
  return { k: 'money', m: op === '*' ? multiplyMoney(m.m, d) : divideMoney(m.m, d) };
}

function integer(op: string, x: bigint, y: bigint): Operand | undefined {
  if ((op === '/' || op === '%') && y === 0n)
    throw new Error(op === '/' ? 'division by zero' : 'modulus by zero');
  const results: Record<string, () => bigint> = {
    '+': () => x + y,
    '-': () => x - y,
    '*': () => x * y,
    '/': () => x / y,
    '%': () => x % y,
  };
  const result = results[op];
  return result && { k: 'int', v: result() };
}
