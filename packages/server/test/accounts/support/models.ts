import { readFileSync } from 'node:fs';
import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/spec';

function read(path: string): AppModel {
  const text = readFileSync(new URL(path, import.meta.url), 'utf8');
  return parsed(text, path);
}

/** A model from specification text; refuses text with errors. */
export function parsed(text: string, name = 'spec'): AppModel {
  const { model, diagnostics } = parseSpec(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`${name} does not read: ${errors[0]?.message}`);
  return model;
}

/** The examples whose sign-up rules the suites exercise. */
export const MODELS = {
  helpdesk: read('../../../../../../shared/examples/helpdesk.spec.md'),
  expenses: read('../../../../../../shared/examples/expenses.spec.md'),
  library: read('../../../../../examples/library.spec.md'),
  stockroom: read('../../../../../examples/stockroom.spec.md'),
  workshops: read('../../../../../examples/workshops.spec.md'),
  unspecified: read('../../../../../examples/unspecified.spec.md'),
  /** The first real input: a specification whose nine points are all "not shown". */
  seed: read('../../../../../../shared/seed/000_07512a2e6ffb4768.txt'),
};
