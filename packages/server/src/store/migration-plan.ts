import type { Dialect } from './column-codec.js';
import type { SchemaDescription } from './schema-types.js';

/** What a migration step does. */
export type StepKind =
  | 'create-table'
  | 'drop-table'
  | 'add-column'
  | 'drop-column'
  | 'change-column'
  | 'rebuild-table'
  | 'add-foreign-key'
  | 'create-index'
  | 'drop-index'
  | 'create-search'
  | 'drop-search'
  | 'move-files';

/** One step of a migration, with the SQL it runs (shown by `specrun migrate --plan`). */
export interface MigrationStep {
  kind: StepKind;
  table: string;
  column?: string;
  /** True when the step loses data that is in the database now. */
  destructive: boolean;
  description: string;
  /** For destructive steps: what would be lost, with real row counts. */
  loss?: string;
  /** The rows the loss concerns. */
  rows?: number;
  /** A move-files step: the table its files go to (the step is done by code, not by `sql`). */
  into?: string;
  sql: string[];
}

/** What it takes to bring the database from the schema last applied to the model's. */
export interface MigrationPlan {
  dialect: Dialect;
  modelName: string;
  /** The schema the model needs; stored as the snapshot once applied. */
  schema: SchemaDescription;
  steps: MigrationStep[];
  /** Differences between the database and the schema last applied: it was edited by hand. */
  drift: string[];
}

/** How a migration ended. */
export type MigrationStatus = 'up-to-date' | 'applied' | 'refused' | 'drift' | 'planned';

/** A migration's outcome, with its plan. `refused` and `drift` apply nothing. */
export interface MigrationResult {
  status: MigrationStatus;
  plan: MigrationPlan;
  /** The id recorded in `_specrun_migrations` when applied. */
  migrationId?: string;
}

/** The steps that lose data. */
export function destructiveSteps(plan: MigrationPlan): MigrationStep[] {
  return plan.steps.filter((s) => s.destructive);
}
