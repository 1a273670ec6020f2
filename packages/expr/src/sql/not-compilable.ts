import type { ExprIssue } from '../issues.js';

/** Raised inside the compiler and turned into an issue at its boundary. */
export class NotCompilable extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'NotCompilable';
  }
}

/** The issue for an expression (or part of one) that cannot run in the database. */
export function notCompilableIssue(source: string, message: string, offset: number): ExprIssue {
  const at = Math.min(Math.max(0, Math.trunc(offset)), source.length);
  return { code: 'not-compilable', message, offset: at };
}
