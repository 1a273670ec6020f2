import { MAX_PASSWORD_LENGTH, minPasswordLength, type AppModel } from '@specrun/model';
import type { JsonSchema } from './openapi-types.js';

const GUESSABLE_NOTE =
  'Common and breached passwords, repetitions and words of the account or application are refused.';

/** The password rules of a new password: MIN_PASSWORD_LENGTH to 200 characters; never answered. */
export function passwordSchema(model: AppModel, description: string): JsonSchema {
  return {
    type: 'string',
    format: 'password',
    minLength: minPasswordLength(model),
    maxLength: MAX_PASSWORD_LENGTH,
    writeOnly: true,
    description: `${description} ${GUESSABLE_NOTE}`,
  };
}
