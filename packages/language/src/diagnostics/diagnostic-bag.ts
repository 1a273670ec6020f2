import type { Diagnostic, Severity } from '@specrun/model';

/** Where a diagnostic points: a 1-based line and column. */
export interface At {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

/**
 * Collects diagnostics while a document is read. The same problem at the same place is kept once:
 * a named shape is checked wherever a call uses it, but its author fixes it in one cell.
 */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  private readonly said = new Set<string>();

  add(severity: Severity, code: string, at: At, message: string, hint?: string): void {
    const key = JSON.stringify([severity, code, at.line, at.column, message]);
    if (this.said.has(key)) return;
    this.said.add(key);
    const diagnostic: Diagnostic = { severity, code, message, line: at.line, column: at.column };
    if (hint !== undefined) diagnostic.hint = hint;
    if (at.endLine !== undefined) diagnostic.endLine = at.endLine;
    if (at.endColumn !== undefined) diagnostic.endColumn = at.endColumn;
    this.items.push(diagnostic);
  }

  error(code: string, at: At, message: string, hint?: string): void {
    this.add('error', code, at, message, hint);
  }

  warning(code: string, at: At, message: string, hint?: string): void {
    this.add('warning', code, at, message, hint);
  }

  note(code: string, at: At, message: string, hint?: string): void {
    this.add('note', code, at, message, hint);
  }

  /** The diagnostics sorted by position, as a reader meets them. */
  sorted(): Diagnostic[] {
    return [...this.items].sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
