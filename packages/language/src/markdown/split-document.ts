import type { Heading, Root, RootContent } from 'mdast';
import { isHeading } from './parse-markdown.js';

/** An H2 heading and the nodes that follow it up to the next H2. */
export interface SectionBlock {
  heading: Heading;
  body: RootContent[];
}

/** A document cut at its headings: the H1s, what precedes the first H2, and each H2 block. */
export interface DocumentBlocks {
  titles: Heading[];
  preamble: RootContent[];
  blocks: SectionBlock[];
}

/** Cuts the document at its H1 and H2 headings; deeper headings stay inside their block. */
export function splitDocument(root: Root): DocumentBlocks {
  const titles: Heading[] = [];
  const preamble: RootContent[] = [];
  const blocks: SectionBlock[] = [];
  for (const node of root.children) {
    if (isHeading(node, 1)) {
      titles.push(node);
    } else if (isHeading(node, 2)) {
      blocks.push({ heading: node, body: [] });
    } else {
      const current = blocks.at(-1);
      if (current) current.body.push(node);
      else preamble.push(node);
    }
  }
  return { titles, preamble, blocks };
}
