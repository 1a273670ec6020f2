import { readFileList, readFileUpload, type FileItem } from '@specrun/model';
import { inputsOfAction } from './check-input.js';
import type { LifecycleSetup } from './lifecycle-setup.js';

/** A file as history keeps it: a new one as its name, type and size; a kept one as its address. */
function described(item: FileItem) {
  return 'url' in item ? { url: item.url } : { name: item.name, type: item.type, size: item.size };
}

/**
 * An action's input as its history keeps it: a file that a Sets stores (`photo = input.photo`) is
 * kept as its name, type and size, and so is each of a list of files. Its bytes are the record's,
 * stored apart; a history entry would otherwise carry them into every answer that shows it.
 */
export function withoutFileBytes(
  setup: LifecycleSetup,
  action: string,
  input: Record<string, unknown>,
): Record<string, unknown> {
  let kept = input;
  for (const { name, field } of inputsOfAction(setup, action)) {
    const kind = field?.type.kind;
    if ((kind !== 'file' && kind !== 'files') || input[name] === undefined || input[name] === null)
      continue;
    if (kind === 'files') {
      const read = readFileList(input[name], field!.name);
      if (read.ok) kept = { ...kept, [name]: read.items.map(described) };
      continue;
    }
    const read = readFileUpload(input[name], field!.name);
    if (!read.ok) continue;
    kept = { ...kept, [name]: described(read.upload) };
  }
  return kept;
}
