// Reading the shape of CEL text where the analysis API (conjuncts, reads, counts) stops short of
// it: whether a conjunct is a comparison, and what a count's condition is. Every answer is
// checked again by analysing its parts, so a reading that goes wrong only loses an index.
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);

/** Where the string literal opening at `i` ends (just past it); raw and byte prefixes are letters before it. */
function endOfString(text: string, i: number): number {
  const c = text[i]!;
  const quote = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
  let j = i + quote.length;
  while (j < text.length && !text.startsWith(quote, j)) j += text[j] === '\\' ? 2 : 1;
  return Math.min(j + quote.length, text.length);
}

/**
 * The text with its string literals and everything inside brackets blanked out, position for
 * position: an operator found in it stands at the top level of the original. Undefined when the
 * brackets do not balance.
 */
export function topLevel(text: string): string | undefined {
  let out = '';
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = endOfString(text, i);
      out += ' '.repeat(end - i);
      i = end;
      continue;
    }
    if (CLOSE.has(c)) depth--;
    if (depth < 0) return undefined;
    out += depth > 0 || OPEN.has(c) || CLOSE.has(c) ? ' ' : c;
    if (OPEN.has(c)) depth++;
    i++;
  }
  return depth === 0 ? out : undefined;
}

/** The text without the parentheses that wrap all of it: `((a == b))` → `a == b`. */
export function unwrapped(text: string): string {
  let inner = text.trim();
  while (inner.startsWith('(') && topLevel(inner)?.trim() === '') inner = inner.slice(1, -1).trim();
  return inner;
}

/** The arguments, as text, of the call whose `(` is the first at or after `from`. */
export function callArguments(text: string, from: number): string[] | undefined {
  const open = text.indexOf('(', from);
  if (open < 0) return undefined;
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  let i = start;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = endOfString(text, i);
      continue;
    }
    if (depth === 0 && (c === ',' || c === ')')) {
      args.push(text.slice(start, i).trim());
      if (c === ')') return args;
      start = i + 1;
    } else if (OPEN.has(c)) depth++;
    else if (CLOSE.has(c)) depth--;
    i++;
  }
  return undefined;
}
