import type { AppModel } from './app-model.js';
import type { Field, FieldRule } from './entity.js';
import type { Transition } from './lifecycle.js';

/**
 * What a guard asks of one input on its own, read from a conjunct of its When that reads that
 * input and nothing else (`size(input.reason) >= 5`): a rule of section 3's kinds, said in words
 * like any field's (a hint "At least 5 characters", a problem "Reason must be at least 5
 * characters."), and whether it may be left empty. A conjunct of another shape says nothing here.
 */
export interface InputCondition {
  input: string;
  /** The conjunct as written. */
  source: string;
  /** Blank does not pass (`input.reason != null`, `size(input.reason) >= 1`). */
  required: boolean;
  rule?: FieldRule;
}

// String literals are replaced before splitting, so that "&&" inside one is not an operator.
const STRING = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;

/** The top-level conjuncts of an expression, as written: `a && (b || c)` → `a`, `(b || c)`. */
export function conjunctsOf(source: string): string[] {
  const masked = source.replace(STRING, (s) => '_'.repeat(s.length));
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === '&' && masked[i + 1] === '&') {
      parts.push(source.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(source.slice(start));
  return parts.map(unwrapped).filter((p) => p !== '');
}

/** A conjunct without the parentheses around the whole of it. */
function unwrapped(part: string): string {
  let text = part.trim();
  while (text.startsWith('(') && text.endsWith(')') && closesAtEnd(text))
    text = text.slice(1, -1).trim();
  return text;
}

function closesAtEnd(text: string): boolean {
  const masked = text.replace(STRING, (s) => '_'.repeat(s.length));
  let depth = 0;
  for (let i = 0; i < masked.length; i++) {
    if (masked[i] === '(') depth++;
    else if (masked[i] === ')' && --depth === 0 && i < masked.length - 1) return false;
  }
  return true;
}

const NAME = '([A-Za-z_][A-Za-z0-9_]*)';
const BOUND = '(-?\\d+(?:\\.\\d+)?|[A-Z][A-Z0-9_]*)';
const OP = '(>=|<=|>|<|==)';
const SIZE = new RegExp(
  `^(?:size\\(\\s*input\\.${NAME}\\s*\\)|input\\.${NAME}\\.size\\(\\s*\\))\\s*${OP}\\s*${BOUND}$`,
);
const VALUE = new RegExp(`^input\\.${NAME}\\s*(>=|<=)\\s*${BOUND}$`);
const PRESENT = new RegExp(`^input\\.${NAME}\\s*!=\\s*(?:null|""|'')$`);

/** A bound as a number: a literal, or a constant of section 9 that is a number. */
function boundOf(text: string, model: Pick<AppModel, 'constants'>): number | undefined {
  if (/^-?\d/.test(text)) return Number(text);
  const constant = model.constants.find((c) => c.name === text);
  return constant?.value.kind === 'number' ? constant.value.value : undefined;
}

/** A count's bounds from a comparison (`> 4` is at least 5): whole numbers only. */
function countBounds(op: string, n: number): { min?: number; max?: number } | undefined {
  if (!Number.isInteger(n)) return undefined;
  switch (op) {
    case '>=':
      return { min: n };
    case '>':
      return { min: n + 1 };
    case '<=':
      return { max: n };
    case '<':
      return { max: n - 1 };
    default:
      return { min: n, max: n };
  }
}

/** What one conjunct asks of one input, when it has one of the shapes above. */
export function inputConditionOf(
  conjunct: string,
  model: Pick<AppModel, 'constants'>,
): InputCondition | undefined {
  const source = unwrapped(conjunct);
  const present = PRESENT.exec(source);
  if (present) return { input: present[1]!, source, required: true };
  const size = SIZE.exec(source);
  if (size) {
    const n = boundOf(size[4]!, model);
    const b = n === undefined ? undefined : countBounds(size[3]!, n);
    if (!b || (b.max !== undefined && b.max < Math.max(b.min ?? 0, 0))) return undefined;
    const rule: FieldRule = { kind: 'length' };
    if (b.min !== undefined && b.min > 0) rule.min = b.min;
    if (b.max !== undefined) rule.max = b.max;
    const required = (b.min ?? 0) > 0;
    const condition: InputCondition = { input: (size[1] ?? size[2])!, source, required };
    if (rule.min !== undefined || rule.max !== undefined) condition.rule = rule;
    return condition;
  }
  const value = VALUE.exec(source);
  if (value) {
    const n = boundOf(value[3]!, model);
    if (n === undefined) return undefined;
    const rule: FieldRule = { kind: value[2] === '>=' ? 'min' : 'max', value: n };
    return { input: value[1]!, source, required: true, rule };
  }
  return undefined;
}

/** What a row's When asks of each input on its own (see InputCondition), in order. */
export function inputConditions(
  model: Pick<AppModel, 'constants'>,
  transition: Pick<Transition, 'when'>,
): InputCondition[] {
  const when = transition.when?.source;
  if (!when) return [];
  return conjunctsOf(when).flatMap((c) => inputConditionOf(c, model) ?? []);
}

/**
 * What the guard asks of one input, as a field to check its value with (checkFields): its rules
 * and, when the guard lets no blank through, required. Its type is the type of the field a Sets
 * copies the input to, else a whole number when the guard compares it with bounds, else text.
 */
export function inputGuardField(
  name: string,
  conditions: readonly InputCondition[],
  type?: Field['type'],
): Field {
  const own = conditions.filter((c) => c.input === name);
  const rules = own.flatMap((c) => (c.rule ? [c.rule] : []));
  const numeric = rules.some((r) => r.kind === 'min' || r.kind === 'max');
  return {
    name,
    type: type ?? { kind: numeric ? 'integer' : 'text' },
    required: own.some((c) => c.required),
    rules,
    builtin: false,
  };
}
