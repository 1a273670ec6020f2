/**
 * A JSON number written with more precision than a double holds (`12345678901234567.89`,
 * `0.1000000000000000055`), kept as the text the client wrote. The server's body parser makes
 * one wherever reading the number as a double would change its value; every other number stays
 * a plain `number`. Money and decimal fields read its text exactly; every other field refuses
 * it, as a value of the wrong type. A class, so that no JSON a client sends can pass for one.
 */
export class ExactNumber {
  constructor(readonly text: string) {}

  /** Written back as its exact text (a transition's input in a record's history). */
  toJSON(): string {
    return this.text;
  }
}

// A JSON number: sign, whole part, fraction, exponent.
const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** An exponent beyond any double's (1e308): not a number a client means to send exactly. */
const MAX_EXPONENT = 400;

/**
 * The plain decimal text (no exponent) of a number as JSON carries it: a `number` (which the
 * parser kept only when exact) or an `ExactNumber`. `1e+21` → "1000000000000000000000",
 * `1.5e-7` → "0.00000015". Undefined for anything else, a non-finite number, or an exponent so
 * large that writing it out would make a text of hundreds of digits.
 */
export function numberText(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number') text = String(value);
  else if (value instanceof ExactNumber) text = value.text;
  else return undefined;
  const match = JSON_NUMBER.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = '', exponentText] = match;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (exponent === 0) return text.replace(/[eE].*$/, '');
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = whole! + fraction;
  // Where the point goes, counted from the left of all the digits.
  const point = whole!.length + exponent;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
