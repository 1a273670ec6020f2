import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The project's example specifications, for every test and benchmark that reads one: the
 * repository owns them (examples/), so a clone runs its tests wherever it is placed.
 */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/', import.meta.url));

/** The examples by name: `helpdesk` is examples/helpdesk.spec.md. */
export const EXAMPLE_NAMES: readonly string[] = readdirSync(EXAMPLES_DIR)
  .filter((file) => file.endsWith('.spec.md'))
  .map((file) => file.slice(0, -'.spec.md'.length))
  .sort();

/** The path of an example; `unspecified` is the seed, whose nine points are all "not shown". */
export function examplePath(name: string): string {
  if (!EXAMPLE_NAMES.includes(name)) throw new Error(`no example named ${name}`);
  return `${EXAMPLES_DIR}${name}.spec.md`;
}

/** The text of an example. */
export function exampleText(name: string): string {
  return readFileSync(examplePath(name), 'utf8');
}
