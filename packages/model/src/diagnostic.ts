/** How serious a diagnostic is: errors stop the app from running; warnings and notes do not. */
export type Severity = 'error' | 'warning' | 'note';

/** A position in the specification document, 1-based like editors show it. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A range in the document; `end` is exclusive and optional for point diagnostics. */
export interface SourceSpan {
  start: SourcePosition;
  end?: SourcePosition;
}

/** A problem found in a specification: data, never thrown. Codes are kebab-case and stable. */
export interface Diagnostic {
  severity: Severity;
  code: string;
  message: string;
  hint?: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
