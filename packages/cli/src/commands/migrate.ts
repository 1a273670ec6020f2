import { formatMigrationPlan } from '@specrun/server';
import { hasErrors } from '@specrun/model';
import { formatDiagnostics } from '../format-diagnostics.js';
import { UsageError, type Io } from '../io.js';
import { loadSpec } from '../load-spec.js';
import { DATA_OPTIONS, openAppStore, storeOptions } from '../open-app-store.js';
import { parseOptions } from '../parse-options.js';

/**
 * `specrun migrate FILE [--plan] [--accept-data-loss] [--data DIR | --db URL]`: shows or applies
 * the changes the database needs for FILE. Exit 1 when changes that lose data are refused.
 */
export async function migrateCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    ...DATA_OPTIONS,
    plan: { type: 'boolean' },
    'accept-data-loss': { type: 'boolean' },
  });
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) {
    throw new UsageError(
      'migrate takes one FILE: specrun migrate FILE [--plan] [--accept-data-loss]',
    );
  }
  if (values.plan && values['accept-data-loss']) {
    throw new UsageError('--plan only shows the plan; drop --accept-data-loss to see it');
  }
  const storage = storeOptions(values, io);
  const spec = loadSpec(file, io.cwd);
  if (hasErrors(spec.diagnostics)) {
    const errors = spec.diagnostics.filter((d) => d.severity === 'error');
    io.err(formatDiagnostics(errors, spec.text, file, io.colour) + '\n\n');
    io.err(`specrun: ${file} has errors; fix them before migrating.\n`);
    return 1;
  }
  const { store, result } = await openAppStore(spec.model, storage, {
    dryRun: values.plan === true,
    acceptDataLoss: values['accept-data-loss'] === true,
  });
  await store.close();
  const text = formatMigrationPlan(result, { sql: values.plan === true }) + '\n';
  const refused = result.status === 'refused' || result.status === 'drift';
  if (refused) io.err(text);
  else io.out(text);
  return refused ? 1 : 0;
}
