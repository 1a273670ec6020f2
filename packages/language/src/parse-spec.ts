import type { AppModel, Diagnostic } from '@specrun/model';
import { checkModel } from './checks/check-model.js';
import { DiagnosticBag } from './diagnostics/diagnostic-bag.js';
import { Locations } from './diagnostics/locations.js';
import { parseMarkdown } from './markdown/parse-markdown.js';
import { splitDocument } from './markdown/split-document.js';
import type { ReadContext } from './read-context.js';
import { readTitle } from './sections/product/read-title.js';
import { readModel } from './sections/read-model.js';
import { readSections } from './sections/read-sections.js';

export interface ParseOptions {
  /** The file's name, for messages; the model never depends on it. */
  file?: string;
}

export interface ParseResult {
  model: AppModel;
  diagnostics: Diagnostic[];
}

/** Keeps every diagnostic inside the document: line 1..lines, column 1 or more. */
function clamp(diagnostic: Diagnostic, lines: readonly string[]): Diagnostic {
  const line = Math.min(Math.max(1, Math.trunc(diagnostic.line) || 1), lines.length);
  const column = Math.max(1, Math.trunc(diagnostic.column) || 1);
  return { ...diagnostic, line, column };
}

/** Reads a specification into its model and diagnostics. Never throws on any input text. */
export function parseSpec(text: string, _options: ParseOptions = {}): ParseResult {
  const source = typeof text === 'string' ? text : '';
  const bag = new DiagnosticBag();
  const ctx: ReadContext = { source, bag, where: new Locations() };
  const root = parseMarkdown(source);
  const { titles, blocks } = splitDocument(root);
  const title = readTitle(titles, bag);
  const lines = source.split(/\r\n|\r|\n/);
  // A final newline ends the last line; it does not start an empty one.
  const last = lines.length > 1 && lines.at(-1) === '' ? lines.length - 1 : lines.length;
  const documentEnd = { line: last, column: (lines[last - 1]?.length ?? 0) + 1 };
  const sections = readSections(blocks, documentEnd, bag);
  const model = readModel(title, sections, ctx);
  checkModel(model, ctx);
  return { model, diagnostics: bag.sorted().map((d) => clamp(d, lines)) };
}
