import { destructiveSteps, type MigrationPlan, type MigrationResult } from './migration-plan.js';

const DIALECT_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function outcome(result: MigrationResult): string[] {
  const lost = destructiveSteps(result.plan).length;
  switch (result.status) {
    case 'up-to-date':
      return ['The database is up to date.'];
    case 'applied':
      return [
        `Applied ${plural(result.plan.steps.length, 'step')} in one transaction (migration ${result.migrationId}).`,
      ];
    case 'planned':
      return ['Nothing was applied (plan only).'];
    case 'refused':
      return [
        `Refused: ${plural(lost, 'step')} would lose data, so nothing was applied.`,
        'Change the specification to keep the data, or run `specrun migrate FILE --accept-data-loss`.',
      ];
    case 'drift':
      return [
        'Refused: the database no longer matches what specrun created, so nothing was applied.',
        'Restore it, or move the data to a new database.',
      ];
  }
}

/**
 * The text the CLI prints for a plan or a migration's result: each step (`+` adds, `~` changes
 * without loss, `!` loses data, with the rows), optionally its SQL, then what happened.
 */
export function formatMigrationPlan(
  input: MigrationPlan | MigrationResult,
  options: { sql?: boolean } = {},
): string {
  const result = 'status' in input ? input : undefined;
  const plan = result ? result.plan : (input as MigrationPlan);
  const lines = [`${plan.modelName} on ${DIALECT_NAMES[plan.dialect]}:`];
  if (plan.drift.length > 0) {
    lines.push('  The database was changed outside specrun:');
    for (const d of plan.drift) lines.push(`  ? ${d}`);
  }
  for (const step of plan.steps) {
    const mark = step.destructive
      ? '!'
      : step.kind.startsWith('create') || step.kind.startsWith('add')
        ? '+'
        : '~';
    lines.push(`  ${mark} ${step.loss ?? step.description}`);
    if (options.sql) for (const statement of step.sql) lines.push(`      ${statement};`);
  }
  if (plan.steps.length === 0 && plan.drift.length === 0) lines.push('  (no changes)');
  const lost = destructiveSteps(plan);
  if (lost.length > 0) {
    lines.push('', `Data that would be lost (${plural(lost.length, 'step')}):`);
    for (const step of lost) lines.push(`  - ${step.loss}`);
  }
  if (result) lines.push('', ...outcome(result));
  return lines.join('\n') + '\n';
}
