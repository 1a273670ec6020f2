import type { Catalogue } from '@specrun/model';

// Stands in for a field's name to learn whether a message names one; never shown.
const MARK = '\u0000';

/**
 * The catalogue's message for a refusal's code, as the app shows it; undefined when the message
 * names `{field}`: only the server knows which field it refused, and its detail says it in words
 * ("The starts at must be in the future."), where the catalogue alone would read "The the values
 * must be …".
 */
export function catalogueMessage(catalogue: Catalogue, code: string): string | undefined {
  if (catalogue.find(code, { field: MARK })?.message.includes(MARK)) return undefined;
  return catalogue.find(code)?.message;
}
