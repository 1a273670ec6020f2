import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { exampleText } from '../../../../../tests/support/examples.js';

const read = (name: string): AppModel => parsed(exampleText(name), name);

/** A model from specification text; refuses text with errors. */
export function parsed(text: string, name = 'spec'): AppModel {
  const { model, diagnostics } = parseSpec(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`${name} does not read: ${errors[0]?.message}`);
  return model;
}

/** The examples whose sign-up rules the suites exercise. */
export const MODELS = {
  helpdesk: read('helpdesk'),
  expenses: read('expenses'),
  library: read('library'),
  stockroom: read('stockroom'),
  workshops: read('workshops'),
  unspecified: read('unspecified'),
  /** The first real input: a specification whose nine points are all "not shown". */
  seed: read('unspecified'),
};
