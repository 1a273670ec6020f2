/** One problem of a request, for a form to show next to its field (none: the whole record). */
export interface ErrorItem {
  field?: string;
  code: string;
  message: string;
}

/**
 * The one error type the engine throws for a client-facing failure. It carries only a catalogue
 * code; status and message come from the catalogue when the answer is written. `errors` lists
 * every problem when several are reported together (VALIDATION_FAILED). `parameter` names the
 * path parameter that addressed the record the error is about, when it is not the path's last
 * (a parent's NOT_FOUND): a declared error body keys the message by the path's word for it.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string,
    readonly params: Record<string, string> = {},
    readonly errors?: readonly ErrorItem[],
    readonly parameter?: string,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
