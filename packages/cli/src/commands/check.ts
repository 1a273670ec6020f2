import { hasErrors } from '@specrun/model';
import { formatDiagnostics, summarise } from '../format-diagnostics.js';
import { UsageError, type Io } from '../io.js';
import { loadSpec } from '../load-spec.js';
import { parseOptions } from '../parse-options.js';

/** `specrun check FILE [--json]`: exit 0 without errors, 1 with errors. */
export async function check(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(args, { json: { type: 'boolean' } });
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) {
    throw new UsageError('check takes one FILE: specrun check FILE [--json]');
  }
  const spec = loadSpec(file, io.cwd);
  if (values.json) {
    io.out(JSON.stringify({ diagnostics: spec.diagnostics }, null, 2) + '\n');
  } else {
    if (spec.diagnostics.length > 0) {
      io.out(formatDiagnostics(spec.diagnostics, spec.text, file, io.colour) + '\n\n');
    }
    io.out(`${file}: ${spec.model.name}: ${summarise(spec.diagnostics)}\n`);
  }
  return hasErrors(spec.diagnostics) ? 1 : 0;
}
