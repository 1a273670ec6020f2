/**
 * A small reading of a condition's boolean shape, enough to tell what it says of one field
 * (`record.status == "open" && record.startsAt > now`): its `||`, `&&`, `!` and brackets, down to
 * comparisons kept as their tokens. It parses no more of CEL than that, and never fails: what it
 * cannot read is an `other` part, which says nothing. The server reads conditions with the real
 * parser; this serves what the web app works out from the model without it.
 */

/** One token of a condition: a string literal (unquoted), a word, a number or an operator. */
export type Token =
  | { kind: 'string'; text: string }
  | { kind: 'word'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'op'; text: string };

/** A condition as its boolean parts. */
export type ConditionPart =
  | { kind: 'or' | 'and'; parts: ConditionPart[] }
  | { kind: 'not'; part: ConditionPart }
  | { kind: 'atom'; tokens: Token[] };

const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '[', ']', ','];
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;
const NUMBER = /^[0-9]+(\.[0-9]+)?/;

/** The string literal starting at `at` ("…" or '…', with escapes), or undefined if unclosed. */
function stringAt(source: string, at: number): { text: string; end: number } | undefined {
  const quote = source[at]!;
  let text = '';
  for (let i = at + 1; i < source.length; i++) {
    const c = source[i]!;
    if (c === quote) return { text, end: i + 1 };
    if (c === '\\') {
      const next = source[++i];
      if (next === undefined) return undefined;
      text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else text += c;
  }
  return undefined;
}

/** The condition's tokens; undefined when something in it is not read here (`r"…"`, `"""`). */
export function tokens(source: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const c = source[i]!;
    if (c === '"' || c === "'") {
      if (source.startsWith(c.repeat(3), i)) return undefined;
      const literal = stringAt(source, i);
      if (!literal) return undefined;
      out.push({ kind: 'string', text: literal.text });
      i = literal.end;
      continue;
    }
    const word = WORD.exec(rest);
    if (word) {
      out.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    const number = NUMBER.exec(rest);
    if (number) {
      out.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i)) ?? c;
    out.push({ kind: 'op', text: op });
    i += op.length;
  }
  return out;
}

const isOp = (t: Token | undefined, text: string) => t?.kind === 'op' && t.text === text;

/** The tokens split at `op` where it stands outside any bracket. */
function splitAt(list: Token[], op: string): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of list) {
    if (t.kind === 'op' && (t.text === '(' || t.text === '[')) depth++;
    if (t.kind === 'op' && (t.text === ')' || t.text === ']')) depth--;
    if (depth === 0 && isOp(t, op)) parts.push([]);
    else parts.at(-1)!.push(t);
  }
  return parts;
}

/** Whether the tokens are one bracketed group: `( … )` whose `(` closes at the very end. */
function wrapped(list: Token[]): boolean {
  if (!isOp(list[0], '(') || !isOp(list.at(-1), ')')) return false;
  let depth = 0;
  for (const [i, t] of list.entries()) {
    if (isOp(t, '(')) depth++;
    if (isOp(t, ')')) depth--;
    if (depth === 0 && i < list.length - 1) return false;
  }
  return true;
}

function partOf(list: Token[]): ConditionPart {
  // A conditional (`a ? b : c`) at the top is not a conjunction of anything: an atom.
  const or = splitAt(list, '||');
  if (or.length > 1) return { kind: 'or', parts: or.map(partOf) };
  const and = splitAt(list, '&&');
  if (and.length > 1) return { kind: 'and', parts: and.map(partOf) };
  if (splitAt(list, '?').length > 1) return { kind: 'atom', tokens: [] };
  if (wrapped(list)) return partOf(list.slice(1, -1));
  // `!` binds tighter than comparisons: `!record.done` and `!(…)` only.
  if (isOp(list[0], '!')) {
    const rest = list.slice(1);
    if (wrapped(rest) || (rest.length > 0 && rest.every((t) => t.kind === 'word' || isOp(t, '.'))))
      return { kind: 'not', part: partOf(rest) };
  }
  return { kind: 'atom', tokens: list };
}

/** A condition's boolean parts; one empty atom (which says nothing) when it cannot be read. */
export function conditionParts(source: string): ConditionPart {
  const list = tokens(source);
  return list ? partOf(list) : { kind: 'atom', tokens: [] };
}

/** The conjuncts a condition holds all of: its top-level `&&` parts, or itself. */
export function conjuncts(part: ConditionPart): ConditionPart[] {
  return part.kind === 'and' ? part.parts.flatMap(conjuncts) : [part];
}

/** `record.<field>` at the start of the tokens: the field's name and the tokens after it. */
export function recordField(list: readonly Token[]): { field: string; rest: Token[] } | undefined {
  const [a, dot, b, ...rest] = list;
  if (a?.kind !== 'word' || a.text !== 'record' || !isOp(dot, '.') || b?.kind !== 'word')
    return undefined;
  // `record.event.startsAt` is another record's field, `record.title.size()` not a field.
  if (isOp(rest[0], '.') || isOp(rest[0], '(')) return undefined;
  return { field: b.text, rest };
}
