import { AppError } from '../../../src/index.js';

// The answers of section 6; any other AppError comes after the policy allowed the operation.
const POLICY_CODES = new Set(['NOT_FOUND', 'BAD_REQUEST', 'FORBIDDEN', 'UNAUTHENTICATED']);

/**
 * What an operation answered, as the oracle puts it: a refusal code of section 6, or `allowed`
 * when it succeeded or was refused later by the checks of sections 3 and 5 (which the
 * operations run only once section 6 has allowed it). `ruled` tells the two kinds of allowed apart.
 */
export async function outcomeOf(work: Promise<unknown>): Promise<{ code: string; ruled: boolean }> {
  try {
    await work;
    return { code: 'allowed', ruled: false };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (POLICY_CODES.has(error.code)) return { code: error.code, ruled: false };
    return { code: 'allowed', ruled: true };
  }
}
