import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpec, type ParseResult } from '@specrun/language';
import { UsageError } from './io.js';

/** The example served when `specrun start` is given no file. */
export const BUNDLED_EXAMPLE = fileURLToPath(
  new URL('../../../examples/unspecified.spec.md', import.meta.url),
);

/** A specification read from disk: its path, its text and what the reader made of it. */
export interface LoadedSpec extends ParseResult {
  path: string;
  text: string;
}

/** Reads and parses a specification; a file that cannot be read is the user's mistake. */
export function loadSpec(file: string, cwd: string): LoadedSpec {
  const path = resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    throw new UsageError(`cannot read ${file}: ${reason}`);
  }
  return { path, text, ...parseSpec(text, { file: path }) };
}
