/**
 * The one error type the engine throws for a client-facing failure. It carries only a catalogue
 * code; status and message come from the catalogue when the answer is written.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly detail?: string,
    readonly params: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}
