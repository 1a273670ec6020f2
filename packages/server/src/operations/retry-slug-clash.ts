import { ConstraintError } from '../store/db-errors.js';
import type { SlugField } from './slug-fields.js';

// Each try sees the slugs the last one lost to, so two tries nearly always do.
const TRIES = 4;

/**
 * Runs a write that chose slugs, again when the unique index refused it: another write took the
 * same slug between the choice and the insert (PostgreSQL; SQLite writes one at a time).
 */
export async function retrySlugClash<T>(
  slugs: readonly SlugField[],
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const clash = error instanceof ConstraintError && error.kind === 'unique';
      if (!clash || slugs.length === 0 || attempt >= TRIES) throw error;
    }
  }
}
