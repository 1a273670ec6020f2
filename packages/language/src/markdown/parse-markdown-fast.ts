import type { Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { scanProse } from './scan-prose.js';
import { scanTables, TABLE_PLACEHOLDER } from './scan-tables.js';
import { visit } from './visit-positions.js';

const gfmProcessor = unified().use(remarkParse).use(remarkGfm);
const commonMarkProcessor = unified().use(remarkParse);

/**
 * What GFM reads differently from CommonMark outside the tables taken out: autolink literals
 * (`www.`, `http(s):`, `mailto:`, `xmpp:`, an email's `@`, also when written as a reference or
 * escape, hence `&` and `\`), strikethrough (`~`), footnotes and task items (`[`, `]`), and a
 * table left to remark (`|`, or a one-column delimiter row's `:-`, `-:`).
 */
const GFM_SYNTAX = /[~@[\]|&\\]|:-|-:|www\.|https?:|mailto:|xmpp:/i;

/**
 * Parses CommonMark with GFM tables into an mdast tree with positions, as remark-gfm would:
 * tables by a fast scanner, everything else by remark on the text without them.
 */
export function parseMarkdownFast(text: string): Root {
  const lines = text.split(/\r\n|\r|\n/);
  const lineStarts: number[] = [];
  for (let i = 0, offset = 0; i < lines.length; i++) {
    lineStarts.push(offset);
    offset +=
      lines[i]!.length +
      (text[offset + lines[i]!.length] === '\r' && text[offset + lines[i]!.length + 1] === '\n'
        ? 2
        : 1);
  }
  const offsetOf = (line: number, column: number) =>
    (lineStarts[line - 1] ?? text.length) + column - 1;
  const tables = scanTables(text, lines, offsetOf);
  const prose = scanProse(tables.kept, tables.lineMap, offsetOf, text.includes('\r'));
  const compacted = prose.kept.join('\n');
  const lineMap = prose.lineMap;
  // The prose between tables seldom holds any GFM syntax, and CommonMark alone reads it in
  // about two thirds of the time; the tree is the same.
  const processor = GFM_SYNTAX.test(compacted) ? gfmProcessor : commonMarkProcessor;
  const root = processor.parse(compacted);
  visit(root, (point) => {
    point.line = lineMap[point.line - 1] ?? point.line;
    point.offset = offsetOf(point.line, point.column);
  });
  root.children = merge(root.children, [...tables.tables, ...prose.nodes]);
  // The whole text, as remark has it (blocks taken out of the compacted text may end it).
  const lastLine = lines.length;
  const lastColumn = lines[lastLine - 1]!.length + 1;
  root.position = {
    start: { line: 1, column: 1, offset: 0 },
    end: { line: lastLine, column: lastColumn, offset: offsetOf(lastLine, lastColumn) },
  };
  return root;
}

/** Puts the tables and blocks taken out back among the top-level nodes, in document order. */
function merge(nodes: RootContent[], taken: RootContent[]): RootContent[] {
  const line = (node: RootContent) => node.position?.start.line ?? 0;
  const kept = nodes.filter((node) => !(node.type === 'html' && node.value === TABLE_PLACEHOLDER));
  return [...kept, ...taken].sort((a, b) => line(a) - line(b));
}
