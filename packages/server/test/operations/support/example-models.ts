import { readFileSync } from 'node:fs';
import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/spec';

function read(path: string): AppModel {
  const { model, diagnostics } = parseSpec(readFileSync(new URL(path, import.meta.url), 'utf8'));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!model || errors.length > 0) throw new Error(`${path} does not read: ${errors[0]?.message}`);
  return model;
}

/** Every example specification, the shared ones and the project's. */
export const EXAMPLE_MODELS: Record<string, AppModel> = {
  helpdesk: read('../../../../../../shared/examples/helpdesk.spec.md'),
  expenses: read('../../../../../../shared/examples/expenses.spec.md'),
  library: read('../../../../../examples/library.spec.md'),
  stockroom: read('../../../../../examples/stockroom.spec.md'),
  workshops: read('../../../../../examples/workshops.spec.md'),
  unspecified: read('../../../../../examples/unspecified.spec.md'),
};
