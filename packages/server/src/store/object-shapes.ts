/**
 * Functions that build objects of one fixed shape, made once per shape. A loop that assigns
 * `out[name]` for names read at run time makes V8 treat every store as a lookup by key, for every
 * row of every answer; a function written for the names at hand stores each property directly,
 * in one hidden class. The names are the model's (fields, columns): they only ever appear here as
 * JSON string literals, never as code.
 */

// `"__proto__": v` in a literal would set the prototype: that one name is written as computed.
const key = (name: string) =>
  name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name);

/** `(source) => ({ name: source[name], ... })` for these names, in this order. */
export function picker(
  names: readonly string[],
): (source: Record<string, unknown>) => Record<string, unknown> {
  const body = names.map((n) => `${key(n)}: s[${JSON.stringify(n)}]`).join(', ');
  return new Function('s', `return { ${body} };`) as (
    source: Record<string, unknown>,
  ) => Record<string, unknown>;
}

/** `(source) => ({ name: convert[i](source[name]), ... })`: each value through its converter. */
export function converter(
  names: readonly string[],
  converters: readonly ((value: unknown) => unknown)[],
): (source: Record<string, unknown>) => Record<string, unknown> {
  const body = names.map((n, i) => `${key(n)}: c[${i}](s[${JSON.stringify(n)}])`).join(', ');
  const make = new Function('c', `return (s) => ({ ${body} });`) as (
    c: readonly ((value: unknown) => unknown)[],
  ) => (source: Record<string, unknown>) => Record<string, unknown>;
  return make(converters);
}
