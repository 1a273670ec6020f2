import type { RootContent } from 'mdast';
import { textOf } from '../markdown/parse-markdown.js';

/** Phrases that say a matter is not part of the document (the seed's "are not shown"). */
const NOT_SHOWN =
  /\b(?:is|are)\s+not\s+(?:shown|specified|known|given|described|defined|available|documented|specified yet)\b|\bnot\s+(?:yet\s+)?specified\b|\bunspecified\b/i;

/**
 * The sentence that makes a section unspecified, or undefined when the section has content.
 * A section is unspecified when its only content is prose and that prose says the matter is
 * not shown or not specified.
 */
export function unspecifiedStatement(body: readonly RootContent[]): string | undefined {
  const content = body.filter((node) => node.type !== 'html' && node.type !== 'thematicBreak');
  if (content.length === 0) return undefined;
  if (!content.every((node) => node.type === 'paragraph')) return undefined;
  const text = content.map(textOf).join(' ');
  return NOT_SHOWN.test(text) ? text : undefined;
}
