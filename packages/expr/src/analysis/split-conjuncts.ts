import type { Conjunct } from './analysis-types.js';

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
// A string literal's optional prefix (raw, bytes) and its opening quotes.
const STRING_START = /([rRbB]{0,2})("""|'''|"|')/y;

/** Where the string literal starting at `start` ends (just past it), raw strings included. */
function endOfString(source: string, start: number): number | undefined {
  STRING_START.lastIndex = start;
  const match = STRING_START.exec(source);
  if (!match) return undefined;
  const raw = /[rR]/.test(match[1]!);
  const quote = match[2]!;
  let i = STRING_START.lastIndex;
  while (i < source.length) {
    if (!raw && source[i] === '\\') i += 2;
    else if (source.startsWith(quote, i)) return i + quote.length;
    else i++;
  }
  return source.length;
}

/** The part of `source` from `start` to `end`, without the blanks around it. */
function trimmed(source: string, start: number, end: number): Conjunct {
  const text = source.slice(start, end);
  const lead = text.length - text.trimStart().length;
  return { source: text.trim(), offset: start + lead };
}

/**
 * The top-level conjuncts of a CEL condition, read from its text: `a && (b || c) && d` gives
 * `a`, `(b || c)` and `d`. The split is made only at `&&` outside brackets, strings and comments,
 * and only when that level has no `||` and no `? :`, which bind more loosely than `&&`: the whole
 * expression is then one part. Parentheses are kept: `(a && b) && c` gives `(a && b)` and `c`.
 *
 * Why the text and not the tree: a part is run on its own (in SQL or in JavaScript), so it must
 * be exact source text, and the parser records where a node starts but not where it ends.
 */
export function splitConjuncts(source: string): Conjunct[] {
  const cuts: number[] = [];
  let depth = 0;
  let looser = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end + 1;
      continue;
    }
    const stringEnd = endOfString(source, i);
    if (stringEnd !== undefined) {
      i = stringEnd;
      continue;
    }
    IDENTIFIER.lastIndex = i;
    if (IDENTIFIER.test(source)) {
      i = IDENTIFIER.lastIndex;
      continue;
    }
    if (OPENERS.has(c)) depth++;
    else if (CLOSERS.has(c)) depth--;
    else if (depth === 0 && source.startsWith('&&', i)) {
      cuts.push(i);
      i += 2;
      continue;
    } else if (depth === 0 && (source.startsWith('||', i) || c === '?')) looser = true;
    i++;
  }
  if (looser || cuts.length === 0) return [trimmed(source, 0, source.length)];
  const starts = [0, ...cuts.map((cut) => cut + 2)];
  return [...cuts, source.length]
    .map((end, k) => trimmed(source, starts[k]!, end))
    .filter((part) => part.source !== '');
}
