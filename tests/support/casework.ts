import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Casework, a small specification for what the examples do not show together: a transition that
 * copies its input into a field some readers may not read, an input only a When reads, people a
 * reader may not see, references a caller may not read, an account field its owner may not read.
 * Served by the server's tests and by `specrun start` in the reliability suite.
 */
export const CASEWORK_PATH = fileURLToPath(new URL('./casework.spec.md', import.meta.url));

/** The text of the Casework specification. */
export function caseworkText(): string {
  return readFileSync(CASEWORK_PATH, 'utf8');
}
