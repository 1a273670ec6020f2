import { readFileUpload } from '@specrun/model';
import { inputsOfAction } from './check-input.js';
import type { LifecycleSetup } from './lifecycle-setup.js';

/**
 * An action's input as its history keeps it: a file that a Sets stores (`photo = input.photo`) is
 * kept as its name, type and size. Its bytes are the record's, stored apart; a history entry
 * would otherwise carry them into every answer that shows it.
 */
export function withoutFileBytes(
  setup: LifecycleSetup,
  action: string,
  input: Record<string, unknown>,
): Record<string, unknown> {
  let kept = input;
  for (const { name, field } of inputsOfAction(setup, action)) {
    if (field?.type.kind !== 'file' || input[name] === undefined || input[name] === null) continue;
    const read = readFileUpload(input[name], field.name);
    if (!read.ok) continue;
    const { name: fileName, type, size } = read.upload;
    kept = { ...kept, [name]: { name: fileName, type, size } };
  }
  return kept;
}
