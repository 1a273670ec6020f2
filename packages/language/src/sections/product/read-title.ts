import type { Heading } from 'mdast';
import type { DiagnosticBag } from '../../diagnostics/diagnostic-bag.js';
import { startOf, textOf } from '../../markdown/parse-markdown.js';

export const UNTITLED = 'Untitled application';

/** The H1 as written and the name it gives: the words after `Specification:`, or all of it. */
export function readTitle(
  titles: readonly Heading[],
  bag: DiagnosticBag,
): { title: string; name: string } {
  const [first, ...others] = titles;
  for (const extra of others) {
    bag.warning(
      'extra-title',
      startOf(extra),
      'The document has more than one H1; only the first names the application.',
      'make this heading an H2 or H3',
    );
  }
  if (!first) {
    bag.warning(
      'missing-title',
      { line: 1, column: 1 },
      `The document has no H1, so the application is named "${UNTITLED}".`,
      'start the document with `# Specification: <name of the application>`',
    );
    return { title: '', name: UNTITLED };
  }
  const title = textOf(first);
  const name = title.replace(/^specification\s*:\s*/i, '').trim();
  return { title, name: name === '' ? UNTITLED : name };
}
