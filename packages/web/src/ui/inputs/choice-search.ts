/** CEL's lowerAscii: the 26 letters A–Z only, as the database compares them. */
export const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** A text as a CEL string literal: JSON's escapes (`\"`, `\\`, `\uXXXX`) are CEL's too. */
export const celString = (text: string) => JSON.stringify(text);

/**
 * The list filter that finds records whose title contains what was typed, in any case of A–Z:
 * run by the server in the database, over every record the reader may read, not only those
 * already loaded. Undefined for nothing typed.
 */
export function titleSearch(title: string, typed: string): string | undefined {
  const term = typed.trim();
  if (term === '') return undefined;
  return `record.${title}.lowerAscii().contains(${celString(lowerAscii(term))})`;
}

/** The value of the option that offers to create a record, carrying what was typed. */
const CREATE = '\u0000create:';

export const createOption = (typed: string) => `${CREATE}${typed.trim()}`;

/** What was typed when the create option was chosen; undefined for any other value. */
export const createdFrom = (value: string | null | undefined): string | undefined =>
  value?.startsWith(CREATE) ? value.slice(CREATE.length) : undefined;
