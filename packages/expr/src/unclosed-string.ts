/** The offset of a string literal's opening quote when the literal is never closed. */
export function unclosedString(source: string): number | undefined {
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c !== '"' && c !== "'") {
      i++;
      continue;
    }
    const triple = source.startsWith(c.repeat(3), i);
    const quote = triple ? c.repeat(3) : c;
    const raw = i > 0 && /[rR]/.test(source[i - 1]!) && !/\w/.test(source[i - 2] ?? '');
    const end = closingQuote(source, i + quote.length, quote, triple, raw);
    if (end === undefined) return i;
    i = end + quote.length;
  }
  return undefined;
}

function closingQuote(source: string, from: number, quote: string, triple: boolean, raw: boolean) {
  for (let j = from; j < source.length; j++) {
    if (!raw && source[j] === '\\') j++;
    else if (source.startsWith(quote, j)) return j;
    else if (!triple && (source[j] === '\n' || source[j] === '\r')) return undefined;
  }
  return undefined;
}
