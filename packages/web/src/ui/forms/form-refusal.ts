import type { Catalogue } from '@specrun/model';
import type { FieldErrors } from 'react-hook-form';
import { ApiError } from '../../api/api-error.js';
import { fieldsProblemMessage } from '../../model/value-checks.js';

/**
 * The refusal the server would answer for the problems the form found before sending: shown the
 * same way, so a mistake reads alike whether the browser or the server caught it.
 */
export function formRefusal(catalogue: Catalogue, errors: FieldErrors): ApiError {
  const problems = Object.entries(errors).flatMap(([field, error]) =>
    typeof error?.message === 'string'
      ? [{ field, code: 'VALIDATION_FAILED', message: error.message }]
      : [],
  );
  const message = fieldsProblemMessage(
    catalogue,
    problems.map((p) => p.field),
  );
  return new ApiError(422, 'VALIDATION_FAILED', message, message, problems);
}
