/** The engine's own error codes, each with its status and default message. */
export const ENGINE_ERRORS = {
  VALIDATION_FAILED: { status: 422, message: 'Some fields need attention.' },
  // Item codes: one problem of a save each, so that section 8 can reword each kind.
  REQUIRED: { status: 422, message: '{field} is required.' },
  ALREADY_TAKEN: { status: 409, message: '{field} is already used by another {entity}.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  SIGN_IN_FAILED: { status: 401, message: 'The email or password is not right.' },
  ACCOUNT_DEACTIVATED: {
    status: 403,
    message: 'This account has been deactivated. Ask whoever manages accounts to reactivate it.',
  },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that.' },
  NOT_FOUND: { status: 404, message: 'That could not be found.' },
  CONFLICT: {
    status: 409,
    message: 'Someone else changed this in the meantime. Reload and try again.',
  },
  IN_USE: {
    status: 409,
    message: 'Other records still refer to this one, so it cannot be deleted.',
  },
  TRANSITION_NOT_ALLOWED: { status: 409, message: 'That action is not possible now.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Wait a minute and try again.' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'The request is larger than {MAX_REQUEST_BYTES} bytes.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive. Please try again.',
  },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request as application/json.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'That method is not allowed here.' },
  MISDIRECTED_REQUEST: {
    status: 421,
    message:
      'This server does not answer to that address. Open the application at its own address.',
  },
  FILTER_TOO_COSTLY: {
    status: 400,
    message: 'The filter asks too much of the database: simplify it.',
  },
  EXPORT_TOO_LARGE: {
    status: 400,
    message: 'The list is too long to export at once: narrow it with filters.',
  },
  TIMEOUT: {
    status: 503,
    message: 'The server is too busy to answer in time. Please try again.',
  },
  INTERNAL: {
    status: 500,
    message: 'Something went wrong on our side. Please try again.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type EngineErrorCode = keyof typeof ENGINE_ERRORS;
