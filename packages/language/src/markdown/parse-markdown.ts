import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { At } from '../diagnostics/diagnostic-bag.js';
import { parseMarkdownFast } from './parse-markdown-fast.js';

/**
 * Parses CommonMark with GFM tables into an mdast tree that keeps positions: the same tree
 * as remark-gfm, built faster (see parse-markdown-fast.ts).
 */
export function parseMarkdown(text: string): Root {
  return parseMarkdownFast(text);
}

/** The plain text of a node, whitespace folded. */
export function textOf(node: RootContent | Root): string {
  return toString(node).replace(/\s+/g, ' ').trim();
}

/** Where a node starts (line 1, column 1 when the parser gave no position). */
export function startOf(node: { position?: { start: { line: number; column: number } } }): At {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

/** True for a heading of the given depth. */
export function isHeading(node: RootContent, depth: number): node is Heading {
  return node.type === 'heading' && node.depth === depth;
}
