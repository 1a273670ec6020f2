import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The model of one of the examples (examples/<name>.spec.md). */
export function example(name: string): AppModel {
  const path = `${root}examples/${name}.spec.md`;
  return parseSpec(readFileSync(path, 'utf8'), { file: path }).model;
}
