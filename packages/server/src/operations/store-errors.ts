import { AppError } from '../catalogue/app-error.js';
import { InvalidValuesError } from '../store/column-codec.js';
import { InvalidCursorError } from '../store/cursor.js';
import { ConstraintError } from '../store/db-errors.js';

/**
 * Runs store work, answering what the store refuses with catalogue codes. The operations check
 * values first, so these are races (a duplicate or a reference written meanwhile) or bad list
 * parameters.
 */
export async function storeWork<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConstraintError) throw new AppError('CONFLICT', error.message);
    if (error instanceof InvalidValuesError || error instanceof InvalidCursorError)
      throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
}
