import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' }
    ? boolean
    : O[K] extends { multiple: true }
      ? string[]
      : string;
};

/** node:util parseArgs, with mistakes turned into usage errors a person can act on. */
export function parseOptions<O extends Options>(
  args: string[],
  options: O,
): { values: Values<O>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args,
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Values<O>, positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
