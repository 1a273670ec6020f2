/** One problem of a request, for a form to show next to its field (none: the whole record). */
export interface ErrorItem {
  field?: string;
  code: string;
  message: string;
}

/**
 * The one error type the engine throws for a client-facing failure. It carries only a catalogue
 * code; status and message come from the catalogue when the answer is written. `errors` lists
 * every problem when several are reported together (VALIDATION_FAILED).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string,
    readonly params: Record<string, string> = {},
    readonly errors?: readonly ErrorItem[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}
