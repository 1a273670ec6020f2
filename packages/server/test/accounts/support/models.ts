import type { AppModel } from '@specrun/model';
import { exampleText } from '../../../../../tests/support/examples.js';
import { parsed } from '../../support/parsed-model.js';

const read = (name: string): AppModel => parsed(exampleText(name), name);

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
