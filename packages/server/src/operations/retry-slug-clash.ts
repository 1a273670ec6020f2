import { AppError } from '../catalogue/app-error.js';
import type { PreparedEntity } from './prepared-entity.js';
import type { SlugField } from './slug-fields.js';

// A try sees the slug the last one lost to, so a second try nearly always does.
const TRIES = 5;

/** A slug chosen free was found taken before the write: another write took it meanwhile. */
export class SlugTaken extends Error {
  constructor() {
    super('a slug was taken meanwhile');
    this.name = 'SlugTaken';
  }
}

/** Throws SlugTaken when the database checks found a slug the write chose already taken. */
export function checkSlugsFree(
  slugs: readonly SlugField[],
  problems: ReadonlyMap<string, unknown>,
): void {
  if (slugs.some((s) => problems.has(s.field))) throw new SlugTaken();
}

/**
 * Runs a write of an entity with slugs again when another write took a slug it chose between
 * the choice and the unique checks. Writes from the same base take turns on PostgreSQL and
 * SQLite writes one at a time (slug-fields.ts), so this is a safety net; out of tries, CONFLICT.
 */
export async function retrySlugClash<T>(
  prepared: PreparedEntity,
  work: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof SlugTaken)) throw error;
      if (prepared.slugs.length === 0 || attempt >= TRIES)
        throw new AppError('CONFLICT', 'A slug was taken meanwhile: try again.');
    }
  }
}
