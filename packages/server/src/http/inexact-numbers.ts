import { ExactNumber } from '@specrun/model';

/**
 * Finding the numbers of a JSON text that JSON.parse would round. Node 20's JSON.parse gives no
 * access to a number's source text, so the text is scanned beside it: a string is skipped with
 * indexOf (long strings cost next to nothing), and a number token is compared with the double
 * it becomes. Meant for text JSON.parse has already accepted.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

/** Where one number token of the text starts and ends. */
export interface NumberToken {
  start: number;
  end: number;
}

// Digits, point, exponent and its sign: the characters that may continue a number token.
const isNumberPart = (c: number) =>
  (c >= ZERO && c <= NINE) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === MINUS;

/** The index just past the string that opens at `open`. */
function endOfString(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const close = text.indexOf('"', at);
    if (close < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close + 1;
    at = close + 1;
  }
}

const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A number's value as sign, significant digits and exponent: `12.50` and `1.25e1` alike. */
function valueKey(token: string): string {
  const [, sign, whole, fraction = '', exponent = '0'] = JSON_NUMBER.exec(token)!;
  const digits = (whole! + fraction).replace(/^0+/, '');
  if (digits === '') return '0';
  const significant = digits.replace(/0+$/, '');
  const power = Number(exponent) - fraction.length + (digits.length - significant.length);
  return `${sign}${significant}e${power}`;
}

/**
 * Whether the double JSON.parse makes of the token has the token's value: its shortest text
 * (`String`) denotes the same decimal number. Fifteen digits always fit. A number too large to
 * be a double counts as held: it becomes Infinity, which the body's checks refuse by name.
 */
export function heldExactly(token: string): boolean {
  if (token.length <= 15 && !/[eE]/.test(token)) return true;
  const double = Number(token);
  if (!Number.isFinite(double)) return true;
  return valueKey(token) === valueKey(String(double));
}

/** The number tokens of a valid JSON text that a double would not hold exactly, in order. */
export function inexactNumbers(text: string): NumberToken[] {
  const found: NumberToken[] = [];
  for (let at = 0; at < text.length;) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      at = endOfString(text, at);
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      const start = at;
      while (at < text.length && isNumberPart(text.charCodeAt(at))) at++;
      if (!heldExactly(text.slice(start, at))) found.push({ start, end: at });
    } else {
      at++;
    }
  }
  return found;
}

/**
 * Parses a valid JSON text with each of `tokens` as an ExactNumber of its text: the tokens are
 * replaced by placeholder strings, which begin with NUL (which the body's checks have already
 * refused in every string of the client's), the text parsed again, and the placeholders put back.
 */
export function parseWithExactNumbers(text: string, tokens: readonly NumberToken[]): unknown {
  let marked = '';
  let from = 0;
  tokens.forEach((token, index) => {
    marked += `${text.slice(from, token.start)}"\\u0000${index}"`;
    from = token.end;
  });
  marked += text.slice(from);
  const exact = tokens.map((t) => new ExactNumber(text.slice(t.start, t.end)));
  const restore = (value: unknown) =>
    typeof value === 'string' && value.charCodeAt(0) === 0 ? exact[Number(value.slice(1))] : value;
  const root = restore(JSON.parse(marked));
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null || value instanceof ExactNumber) continue;
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container))
      pending.push((container[key] = restore(container[key])));
  }
  return root;
}
