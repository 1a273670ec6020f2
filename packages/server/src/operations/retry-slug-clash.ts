import { AppError } from '../catalogue/app-error.js';
import { ConstraintError } from '../store/db-errors.js';
import type { SlugField } from './slug-fields.js';

// Each try sees the slugs the last one lost to, so a second try nearly always does.
const TRIES = 5;

/** A slug chosen free was found taken before the write: another write took it meanwhile. */
export class SlugTaken extends Error {
  constructor() {
    super('a slug was taken meanwhile');
    this.name = 'SlugTaken';
  }
}

/** Throws SlugTaken when the database checks found a chosen slug taken. */
export function checkSlugsFree(
  slugs: readonly SlugField[],
  problems: ReadonlyMap<string, unknown>,
) {
  if (slugs.some((s) => problems.has(s.field))) throw new SlugTaken();
}

/**
 * Runs a write that chose slugs, again when another write took one of them between the choice
 * and the write (PostgreSQL; SQLite writes one at a time): seen by the unique checks
 * (SlugTaken) or by the unique index. Out of tries, CONFLICT.
 */
export async function retrySlugClash<T>(
  slugs: readonly SlugField[],
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const taken = error instanceof SlugTaken;
      const clash = taken || (error instanceof ConstraintError && error.kind === 'unique');
      if (!clash || slugs.length === 0) throw error;
      if (attempt >= TRIES)
        throw taken ? new AppError('CONFLICT', 'A slug was taken meanwhile: try again.') : error;
    }
  }
}
