import type { AppModel } from '@specrun/model';
import { parseSpec } from '@specrun/language';

/** A model from specification text; refuses text with errors. */
export function parsed(text: string, name = 'spec'): AppModel {
  const { model, diagnostics } = parseSpec(text);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(`${name} does not read: ${errors[0]?.message}`);
  return model;
}
