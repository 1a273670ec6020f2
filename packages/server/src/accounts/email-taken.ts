import { AppError, type ErrorItem } from '../catalogue/app-error.js';
import { words, type Catalogue } from '@specrun/model';

const TAKEN =
  'This email cannot be used for a new account. If it is yours, sign in (or ask an administrator).';

const isEmailItem = (e: ErrorItem) => e.field === 'email' && e.code === 'ALREADY_TAKEN';

/** Codes of one field's problem, never an answer's own code but for ALREADY_TAKEN. */
const ITEM_CODES = new Set(['VALIDATION_FAILED', 'REQUIRED', 'ALREADY_TAKEN']);

/** Names in prose: `a`, `a and b`, `a, b and c`. */
const listOf = (names: readonly string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The same refusal without its email problem, as validationError would have answered it. */
function without(catalogue: Catalogue, rest: ErrorItem[]): AppError {
  const only = rest.length === 1 && !ITEM_CODES.has(rest[0]!.code) ? rest[0] : undefined;
  const taken = rest.every((e) => e.code === 'ALREADY_TAKEN');
  const code = only?.code ?? (taken ? 'ALREADY_TAKEN' : 'VALIDATION_FAILED');
  const fields = only ? [only.field] : [...new Set(rest.map((e) => e.field))];
  const named = fields.filter((f): f is string => f !== undefined);
  const params: Record<string, string> =
    named.length === 0 ? {} : { field: listOf(named.map(words)) };
  return new AppError(code, catalogue.resolve(code, params).message, params, rest);
}

/**
 * Runs a sign-up's create so that whether the email is taken is told last (ALREADY_TAKEN, 409): only when nothing else
 * is wrong, that is when the account would otherwise be made (and then it cannot be hidden). A
 * refusal for other reasons answers the same whether the email is free or taken. `wellFormed`
 * says the email passed its own checks, so an email problem from the create is its being taken.
 */
export async function emailTakenLast<T>(
  catalogue: Catalogue,
  wellFormed: boolean,
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!wellFormed || !(error instanceof AppError) || !error.errors?.some(isEmailItem))
      throw error;
    const rest = error.errors.filter((e) => !isEmailItem(e));
    if (rest.length > 0) throw without(catalogue, rest);
    // Section 8 may reword the clash (`| ALREADY_TAKEN | 409 | | has already been taken |`);
    // else the engine's words say what to do, and tell no more than the clash itself.
    const params = { field: 'Email', entity: 'user' };
    const message = catalogue.rewords('ALREADY_TAKEN')
      ? catalogue.resolve('ALREADY_TAKEN', params).message
      : TAKEN;
    throw new AppError('ALREADY_TAKEN', message, params, [
      { field: 'email', code: 'ALREADY_TAKEN', message },
    ]);
  }
}
