import { styleText } from 'node:util';
import type { Diagnostic } from '@specrun/model';

type Style = Parameters<typeof styleText>[0];
const SEVERITY_STYLE: Record<Diagnostic['severity'], Style> = {
  error: ['bold', 'red'],
  warning: ['bold', 'yellow'],
  note: ['bold', 'cyan'],
};

/**
 * Formats diagnostics as compilers do: `file:line:column: severity[code]: message`, then the
 * source line with a caret under the column, then the hint.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  text: string,
  file: string,
  colour: boolean,
): string {
  const paint = (style: Style, s: string) => (colour ? styleText(style, s) : s);
  const lines = text.split(/\r\n|\r|\n/);
  return diagnostics
    .map((d) => {
      const head = `${paint('bold', `${file}:${d.line}:${d.column}`)}: ${paint(SEVERITY_STYLE[d.severity], `${d.severity}[${d.code}]`)}: ${d.message}`;
      const source = lines[d.line - 1] ?? '';
      const gutter = String(d.line).padStart(4);
      const width = d.endLine === d.line && d.endColumn ? Math.max(1, d.endColumn - d.column) : 1;
      const caret = ' '.repeat(Math.max(0, d.column - 1)) + '^'.repeat(width);
      const parts = [
        head,
        `${paint('dim', `${gutter} |`)} ${source}`,
        `${' '.repeat(4)} ${paint('dim', '|')} ${paint(SEVERITY_STYLE[d.severity], caret)}`,
      ];
      if (d.hint) parts.push(`${' '.repeat(4)} ${paint('dim', '=')} hint: ${d.hint}`);
      return parts.join('\n');
    })
    .join('\n\n');
}

/** One line counting diagnostics by severity: `1 error, 2 warnings, 9 notes`. */
export function summarise(diagnostics: readonly Diagnostic[]): string {
  const count = (severity: Diagnostic['severity']) =>
    diagnostics.filter((d) => d.severity === severity).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [
    plural(count('error'), 'error'),
    plural(count('warning'), 'warning'),
    plural(count('note'), 'note'),
  ].join(', ');
}
