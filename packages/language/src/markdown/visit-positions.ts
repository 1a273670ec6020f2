import type { Node } from 'unist';

type Point = { line: number; column: number; offset?: number };

/** Calls `fix` on the start and end point of every node of the tree. */
export function visit(node: Node, fix: (point: Point) => void): void {
  if (node.position) {
    fix(node.position.start);
    fix(node.position.end);
  }
  const children = (node as { children?: Node[] }).children;
  if (children) for (const child of children) visit(child, fix);
}
