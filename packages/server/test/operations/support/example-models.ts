import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { EXAMPLE_NAMES, exampleText } from '../../../../../tests/support/examples.js';

function read(name: string): AppModel {
  const { model, diagnostics } = parseSpec(exampleText(name));
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!model || errors.length > 0) throw new Error(`${name} does not read: ${errors[0]?.message}`);
  return model;
}

/** Every example specification of the project. */
export const EXAMPLE_MODELS: Record<string, AppModel> = Object.fromEntries(
  EXAMPLE_NAMES.map((name) => [name, read(name)]),
);
