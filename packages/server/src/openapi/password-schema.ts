import type { JsonSchema } from './openapi-types.js';

/** The password rules of accounts: at least 8 characters, at most 200; never answered. */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

export function passwordSchema(description: string): JsonSchema {
  return {
    type: 'string',
    format: 'password',
    minLength: PASSWORD_LENGTH.min,
    maxLength: PASSWORD_LENGTH.max,
    writeOnly: true,
    description,
  };
}
