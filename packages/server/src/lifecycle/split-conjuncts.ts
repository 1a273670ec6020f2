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

/**
 * The conjuncts of a CEL condition: `a && (b || c) && d` gives `a`, `(b || c)` and `d`. The split
 * is made only at `&&` outside brackets, strings and comments, and only when that level has no
 * `||` and no `? :`, which bind more loosely than `&&`: the whole expression is then one part.
 * The condition holds exactly when every part holds (CEL's `&&` is false or an error otherwise),
 * so the parts may be checked in different places.
 */
export function splitConjuncts(source: string): string[] {
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
  if (looser || cuts.length === 0) return [source.trim()];
  const bounds = [-2, ...cuts, source.length];
  return cuts
    .concat(source.length)
    .map((end, k) => source.slice(bounds[k]! + 2, end).trim())
    .filter((part) => part !== '');
}
