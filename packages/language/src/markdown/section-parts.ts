import type { Heading, List, Paragraph, RootContent, Table } from 'mdast';
import type { At } from '../diagnostics/diagnostic-bag.js';
import { isHeading, startOf, textOf } from './parse-markdown.js';

/** An H3 heading of a section and the nodes under it (or the nodes before the first H3). */
export interface Part {
  heading?: Heading;
  name: string;
  at: At;
  nodes: RootContent[];
}

/** Cuts a section's body at its H3 headings; the first part has no heading. */
export function splitParts(body: readonly RootContent[], sectionAt: At): Part[] {
  const parts: Part[] = [{ name: '', at: sectionAt, nodes: [] }];
  for (const node of body) {
    if (isHeading(node, 3)) {
      parts.push({ heading: node, name: textOf(node), at: startOf(node), nodes: [] });
    } else {
      parts.at(-1)!.nodes.push(node);
    }
  }
  return parts;
}

/** The tables among nodes. */
export function tablesIn(nodes: readonly RootContent[]): Table[] {
  return nodes.filter((n): n is Table => n.type === 'table');
}

/** The paragraphs among nodes, as text joined by blank lines. */
export function proseOf(nodes: readonly RootContent[]): string {
  return nodes
    .filter((n): n is Paragraph => n.type === 'paragraph')
    .map(textOf)
    .join('\n\n');
}

/** A `- Key: value` list item: the key as written, the value, and where each starts. */
export interface Property {
  key: string;
  value: string;
  at: At;
  valueAt: At;
  /** The paragraph the property is written in, for readers that need its code spans. */
  paragraph: Paragraph;
}

/** The `- Key: value` items of the lists among nodes; items without a colon are prose. */
export function propertiesIn(nodes: readonly RootContent[]): Property[] {
  const properties: Property[] = [];
  for (const list of nodes.filter((n): n is List => n.type === 'list')) {
    for (const item of list.children) {
      const first = item.children[0];
      if (!first || first.type !== 'paragraph') continue;
      const text = textOf(first);
      const colon = text.indexOf(':');
      if (colon <= 0) continue;
      const at = startOf(first);
      const raw = text.slice(colon + 1);
      const value = raw.trim();
      const lead = raw.length - raw.trimStart().length;
      properties.push({
        key: text.slice(0, colon).trim(),
        value,
        at,
        valueAt: { line: at.line, column: at.column + colon + 1 + lead },
        paragraph: first,
      });
    }
  }
  return properties;
}

/** Splits a property's comma-separated value into words with their positions. */
export function wordsOf(property: Property): { word: string; at: At }[] {
  const words: { word: string; at: At }[] = [];
  let offset = 0;
  for (const piece of property.value.split(',')) {
    const lead = piece.length - piece.trimStart().length;
    const word = piece.trim();
    if (word)
      words.push({
        word,
        at: { line: property.valueAt.line, column: property.valueAt.column + offset + lead },
      });
    offset += piece.length + 1;
  }
  return words;
}
